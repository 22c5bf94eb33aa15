import type { Block } from './lexical'

type Localized<T> = { ru: T; en: T }

export type DemoLogin =
  | 'user'
  | 'totp-user'
  | 'owner'
  | 'mp-operator'
  | 'store-operator'
  | 'forum-operator'
  | 'editor'
  | 'admin'

type DemoArticle = {
  slug: string
  daysAgo: number
  hue: number
  title: Localized<string>
  excerpt: Localized<string>
  content: Localized<Block[]>
  comments?: { author: DemoLogin; text: string; daysAgo: number }[]
}

export const DEMO_PAGES: {
  slug: 'about-us' | 'contacts' | 'rules' | 'privacy'
  title: Localized<string>
  content: Localized<Block[]>
}[] = [
  {
    slug: 'about-us',
    title: { ru: 'О проекте', en: 'About us' },
    content: {
      ru: [
        {
          p: 'Обзор — независимый каталог маркетплейсов, магазинов, форумов и обменников с отзывами реальных пользователей. Мы помогаем понять, кому можно доверять, ещё до первой сделки.',
        },
        { h2: 'Как считается рейтинг' },
        {
          p: 'Средняя оценка ресурса — байесовская: пока отзывов мало, она тянется к средней по каталогу. Поэтому один восторженный отзыв не поднимет новичка выше площадки с сотнями честных оценок.',
        },
        {
          ul: [
            'Один пользователь — один отзыв о ресурсе.',
            'Владельцы не могут оценивать свои ресурсы.',
            'Отзывы, нарушающие [правила](/informations/rules), скрывают модераторы.',
          ],
        },
        { h2: 'Независимость' },
        {
          p: 'Мы не продаём места в рейтинге и не удаляем отзывы за деньги. Значок «Проверен» ставится только после проверки заявки владельца модератором.',
        },
        { quote: 'Хороший отзыв — это история о конкретной сделке, а не оценка в вакууме.' },
        { p: 'Вопросы и предложения присылайте через [страницу контактов](/contacts).' },
      ],
      en: [
        {
          p: 'Obzor is an independent directory of marketplaces, shops, forums and exchangers, reviewed by the people who use them. We help you decide whom to trust before your first deal.',
        },
        { h2: 'How ratings work' },
        {
          p: 'A resource’s score is a Bayesian average: while it has few reviews, it leans towards the directory’s mean. One glowing review cannot lift a newcomer above a place with hundreds of honest ones.',
        },
        {
          ul: [
            'One review per person and resource.',
            'Owners cannot rate their own resources.',
            'Reviews that break the [rules](/informations/rules) are hidden by moderators.',
          ],
        },
        { h2: 'Independence' },
        {
          p: 'We do not sell ranking positions and never remove reviews for money. The “Verified” badge appears only after a moderator has checked the owner’s request.',
        },
        { quote: 'A good review tells the story of one real deal, not a score out of thin air.' },
        { p: 'Questions and ideas are welcome on our [contacts page](/contacts).' },
      ],
    },
  },
  {
    slug: 'contacts',
    title: { ru: 'Контакты', en: 'Contacts' },
    content: {
      ru: [
        {
          p: 'Служба поддержки отвечает по будням с 9:00 до 19:00 по московскому времени, обычно в течение одного рабочего дня.',
        },
        {
          ul: [
            'Почта поддержки: **support@obzor.example**',
            'Вопросы о проверке ресурса: через заявку на верификацию в личном кабинете',
            'Сообщения о нарушениях: кнопка «Пожаловаться» под отзывом',
          ],
        },
        {
          p: 'Прежде чем писать, загляните в [ответы на частые вопросы](/faqs) — возможно, решение уже там. Или воспользуйтесь формой ниже.',
        },
      ],
      en: [
        {
          p: 'Support answers on weekdays from 9:00 to 19:00 Moscow time, usually within one working day.',
        },
        {
          ul: [
            'Support email: **support@obzor.example**',
            'Resource verification: send a request from your account',
            'Abuse reports: the “Report” button under a review',
          ],
        },
        {
          p: 'Before writing, have a look at the [frequently asked questions](/faqs): the answer may already be there. Or use the form below.',
        },
      ],
    },
  },
  {
    slug: 'rules',
    title: { ru: 'Правила сообщества', en: 'Community rules' },
    content: {
      ru: [
        {
          p: 'Правила действуют для отзывов, комментариев и чата. Их цель — чтобы каталогу можно было верить.',
        },
        { h2: 'Что можно и нужно' },
        {
          ol: [
            'Писать о собственном опыте: что купили или обменяли, когда и что пошло так или не так.',
            'Оценивать по существу: скорость, поддержку, цены, надёжность.',
            'Обновлять отзыв, если ситуация изменилась.',
          ],
        },
        { h2: 'Что мы скрываем' },
        {
          ul: [
            'Оскорбления, угрозы и травлю.',
            'Рекламу, реферальные ссылки и спам.',
            'Чужие персональные данные: телефоны, адреса, документы.',
            'Отзывы «по заказу» — свои или конкурентов.',
          ],
        },
        { h2: 'Санкции' },
        {
          p: 'За нарушения модераторы скрывают материалы; за повторные — блокируют запись в чате или весь аккаунт. Заблокированный пользователь видит сообщение «Вы заблокированы» и не может писать.',
        },
      ],
      en: [
        {
          p: 'These rules apply to reviews, comments and the chat. They exist so that the directory can be trusted.',
        },
        { h2: 'What we ask for' },
        {
          ol: [
            'Write about your own experience: what you bought or exchanged, when, and what went right or wrong.',
            'Rate what matters: speed, support, prices, reliability.',
            'Update your review when things change.',
          ],
        },
        { h2: 'What we hide' },
        {
          ul: [
            'Insults, threats and harassment.',
            'Advertising, referral links and spam.',
            'Other people’s personal data: phone numbers, addresses, documents.',
            'Paid reviews, for oneself or against competitors.',
          ],
        },
        { h2: 'Sanctions' },
        {
          p: 'Moderators hide what breaks the rules; repeated breaches lead to a chat ban or a blocked account. A blocked user sees “You are blocked.” and can no longer post.',
        },
      ],
    },
  },
  {
    slug: 'privacy',
    title: { ru: 'Политика конфиденциальности', en: 'Privacy policy' },
    content: {
      ru: [
        { p: 'Мы храним только то, что нужно для работы сайта.' },
        { h2: 'Какие данные мы храним' },
        {
          ul: [
            'Логин, адрес почты, отображаемое имя и, по желанию, телефон и аватар.',
            'Ваши отзывы, комментарии, избранное и обращения в поддержку.',
            'Для двухфакторного входа — публичный PGP-ключ или секрет приложения-аутентификатора (в зашифрованном виде).',
          ],
        },
        { h2: 'Cookie' },
        {
          p: 'Сайт ставит две cookie: язык интерфейса (хранится 365 дней) и сессию входа (httpOnly, пока вы не выйдете). Рекламных и сторонних трекеров нет.',
        },
        { h2: 'Ваши права' },
        {
          p: 'Вы можете изменить данные в профиле или попросить удалить аккаунт, написав на **support@obzor.example**.',
        },
      ],
      en: [
        { p: 'We keep only what the site needs to work.' },
        { h2: 'What we store' },
        {
          ul: [
            'Your login, email address, display name and, if you wish, phone number and avatar.',
            'Your reviews, comments, favourites and support requests.',
            'For two-factor sign-in, your public PGP key or your authenticator secret (encrypted).',
          ],
        },
        { h2: 'Cookies' },
        {
          p: 'The site sets two cookies: the interface language (kept for 365 days) and your sign-in session (httpOnly, until you log out). There are no advertising or third-party trackers.',
        },
        { h2: 'Your rights' },
        {
          p: 'Change your data in your profile, or ask us to delete your account at **support@obzor.example**.',
        },
      ],
    },
  },
]

export const DEMO_NEWS: DemoArticle[] = [
  {
    slug: 'two-factor-sign-in',
    daysAgo: 2,
    hue: 210,
    title: {
      ru: 'Двухфакторный вход: PGP или приложение',
      en: 'Two-factor sign-in: PGP or an app',
    },
    excerpt: {
      ru: 'Защитите аккаунт вторым шагом входа — кодом из приложения-аутентификатора или расшифровкой PGP-сообщения.',
      en: 'Protect your account with a second sign-in step: a code from an authenticator app or a PGP message to decrypt.',
    },
    content: {
      ru: [
        {
          p: 'С сегодняшнего дня в настройках безопасности можно включить второй шаг входа. После пароля сайт попросит подтвердить, что это действительно вы.',
        },
        { h2: 'Два способа на выбор' },
        {
          ul: [
            '**Приложение-аутентификатор** — шестизначный код, который меняется каждые 30 секунд.',
            '**PGP** — сайт шифрует одноразовый код вашим публичным ключом, а вы расшифровываете его у себя.',
          ],
        },
        { quote: 'Пароль можно подсмотреть или угадать. Второй фактор — нет.' },
        {
          p: 'Подробности — в разделе [вопросов и ответов](/faqs#two-factor). Совместимые приложения описаны, например, на [example.org](https://example.org/authenticators).',
        },
      ],
      en: [
        {
          p: 'From today you can turn on a second sign-in step in your security settings. After your password, the site asks you to prove it is really you.',
        },
        { h2: 'Two ways to choose from' },
        {
          ul: [
            '**An authenticator app**: a six-digit code that changes every 30 seconds.',
            '**PGP**: the site encrypts a one-time code to your public key, and you decrypt it on your own machine.',
          ],
        },
        { quote: 'A password can be seen or guessed. A second factor cannot.' },
        {
          p: 'Read more in the [FAQ](/faqs#two-factor). Compatible apps are listed, for example, on [example.org](https://example.org/authenticators).',
        },
      ],
    },
  },
  {
    slug: 'verified-badges',
    daysAgo: 9,
    hue: 140,
    title: { ru: 'Значок «Проверен» для ресурсов', en: 'A “Verified” badge for resources' },
    excerpt: {
      ru: 'Владельцы могут подать заявку на проверку, а посетители — сразу видеть проверенные площадки в каталоге.',
      en: 'Owners can ask for verification, and visitors see verified places right in the directory.',
    },
    content: {
      ru: [
        {
          p: 'Мы добавили значок «Проверен». Он означает, что модератор убедился: заявку подал настоящий владелец, а адреса ресурса принадлежат ему.',
        },
        { h2: 'Как получить значок' },
        {
          ol: [
            'Откройте заявку на верификацию в личном кабинете.',
            'Выберите ресурс и приложите подтверждающие файлы.',
            'Дождитесь решения модератора — обычно это занимает пару дней.',
          ],
        },
        {
          p: 'Проверенные ресурсы можно отобрать фильтром в любом разделе каталога, например среди [маркетплейсов](/resources/marketplaces).',
        },
      ],
      en: [
        {
          p: 'We have added a “Verified” badge. It means a moderator has confirmed that the request came from the real owner and that the resource’s addresses are theirs.',
        },
        { h2: 'How to get it' },
        {
          ol: [
            'Open a verification request from your account.',
            'Choose the resource and attach files that prove ownership.',
            'Wait for the moderator’s decision, usually within a couple of days.',
          ],
        },
        {
          p: 'Filter any section of the directory by verified resources, for example the [marketplaces](/resources/marketplaces).',
        },
      ],
    },
  },
  {
    slug: 'search-forgives-typos',
    daysAgo: 21,
    hue: 30,
    title: { ru: 'Поиск теперь прощает опечатки', en: 'Search now forgives typos' },
    excerpt: {
      ru: 'Опечатки, другая раскладка и транслит — поиск найдёт нужный ресурс всё равно.',
      en: 'Typos, the other alphabet or transliteration: search finds the resource anyway.',
    },
    content: {
      ru: [
        {
          p: 'Мы переписали поиск по каталогу. Теперь он сравнивает слова запроса с названиями по сходству, а не по точному совпадению.',
        },
        {
          ul: [
            '«bazzar» найдёт «Базар Один».',
            '«bazar» и «базар» — одно и то же.',
            'Слово «магазин» само выберет раздел магазинов.',
          ],
        },
        {
          p: 'Попробуйте [поиск](/search) или поле в шапке сайта: подсказки появляются прямо во время ввода.',
        },
      ],
      en: [
        {
          p: 'We have rewritten the directory’s search. It now compares your words with titles by similarity, not by exact match.',
        },
        {
          ul: [
            '“bazzar” finds “Bazaar One”.',
            '“bazar” and «базар» are the same thing.',
            'The word “store” picks the shops by itself.',
          ],
        },
        {
          p: 'Try the [search page](/search) or the box in the header: suggestions appear as you type.',
        },
      ],
    },
  },
]

const FIRST_POST_COMMENTS: DemoArticle['comments'] = [
  {
    author: 'user',
    daysAgo: 6,
    text: 'Спасибо, полезно! Про одинаковые фразы в разных отзывах даже не задумывался.',
  },
  {
    author: 'totp-user',
    daysAgo: 6,
    text: 'Ещё признак: у «автора» ровно один отзыв и аккаунт создан в тот же день.',
  },
  {
    author: 'owner',
    daysAgo: 6,
    text: 'Как владелец подтверждаю: конкуренты иногда пишут пачки однотипных жалоб.',
  },
  {
    author: 'mp-operator',
    daysAgo: 5,
    text: 'Хорошо бы ещё видеть, сколько отзывов скрыли модераторы.',
  },
  {
    author: 'user',
    daysAgo: 5,
    text: 'Отметка «полезно» помогает — самые подробные отзывы поднимаются наверх.',
  },
  {
    author: 'store-operator',
    daysAgo: 5,
    text: 'Great checklist, sharing it with our support team.',
  },
  {
    author: 'forum-operator',
    daysAgo: 4,
    text: 'На форумах то же самое: новые аккаунты хвалят один и тот же обменник.',
  },
  {
    author: 'totp-user',
    daysAgo: 4,
    text: 'Пункт про даты особенно точный — волна отзывов за одну ночь всегда подозрительна.',
  },
  {
    author: 'user',
    daysAgo: 3,
    text: 'Пожаловался на пару таких отзывов, скрыли за день. Работает!',
  },
  { author: 'owner', daysAgo: 3, text: 'Отвечаем на каждый отзыв — это тоже видно покупателям.' },
  {
    author: 'mp-operator',
    daysAgo: 2,
    text: 'Would love an English version of the rules page too. Found it, thanks!',
  },
  {
    author: 'user',
    daysAgo: 1,
    text: 'Сохранил в закладки, буду показывать друзьям перед покупками.',
  },
  {
    author: 'totp-user',
    daysAgo: 1,
    text: 'Подробный отзыв с датой и суммой сделки сразу внушает больше доверия.',
  },
]

export const DEMO_POSTS: DemoArticle[] = [
  {
    slug: 'how-to-spot-a-fake-review',
    daysAgo: 7,
    hue: 280,
    title: { ru: 'Как распознать фальшивый отзыв', en: 'How to spot a fake review' },
    excerpt: {
      ru: 'Пять признаков, по которым заказной отзыв видно сразу, и что делать, если вы его нашли.',
      en: 'Five signs that give a paid review away, and what to do when you find one.',
    },
    content: {
      ru: [
        {
          p: 'Большинство отзывов в каталоге пишут обычные люди. Но иногда попадаются заказные — хвалебные от самого ресурса или разгромные от конкурентов. Вот как их отличить.',
        },
        { h2: 'Пять признаков' },
        {
          ol: [
            'Нет подробностей: ни даты, ни суммы, ни того, что именно купили.',
            'Одинаковые фразы в нескольких отзывах.',
            'У автора единственный отзыв, а аккаунт создан в тот же день.',
            'Волна оценок за одну ночь.',
            'Крайности без объяснений: «лучший в мире» или «мошенники» — и всё.',
          ],
        },
        {
          quote:
            'Честный отзыв можно проверить: в нём есть факты, которые легко подтвердить или опровергнуть.',
        },
        { h2: 'Что делать' },
        {
          p: 'Нажмите «Пожаловаться» под отзывом и выберите причину. Модераторы проверят его, а повторные нарушения приводят к блокировке автора. Подробнее — в [правилах](/informations/rules).',
        },
      ],
      en: [
        {
          p: 'Most reviews in the directory are written by ordinary people. Now and then a paid one slips in: praise from the resource itself or a hit piece from a competitor. Here is how to tell.',
        },
        { h2: 'Five signs' },
        {
          ol: [
            'No details: no date, no amount, nothing about what was bought.',
            'The same phrases in several reviews.',
            'The author has one review and an account created that day.',
            'A wave of ratings overnight.',
            'Extremes without reasons: “the best ever” or “scammers”, and nothing more.',
          ],
        },
        {
          quote:
            'An honest review can be checked: it holds facts that are easy to confirm or refute.',
        },
        { h2: 'What to do' },
        {
          p: 'Press “Report” under the review and choose a reason. Moderators check it, and repeat offenders are blocked. See the [rules](/informations/rules).',
        },
      ],
    },
    comments: FIRST_POST_COMMENTS,
  },
  {
    slug: 'choosing-a-reliable-exchanger',
    daysAgo: 14,
    hue: 170,
    title: {
      ru: 'Как выбрать надёжный обменник: чек-лист',
      en: 'Choosing a reliable exchanger: a checklist',
    },
    excerpt: {
      ru: 'Курс — не главное. Проверьте эти семь пунктов, прежде чем отправлять деньги.',
      en: 'The rate is not everything. Check these seven points before you send money.',
    },
    content: {
      ru: [
        {
          p: 'Выгодный курс ничего не стоит, если обмен зависнет на несколько дней. Перед первой сделкой пройдитесь по списку.',
        },
        { h2: 'Чек-лист' },
        {
          ul: [
            'Есть ли у обменника значок «Проверен».',
            'Сколько у него отзывов и как он отвечает на негативные.',
            'Оценки по критериям «скорость» и «надёжность», а не только средняя.',
            'Указаны ли резервы и лимиты.',
            'Есть ли живая поддержка.',
            'Совпадает ли адрес сайта с тем, что указан в каталоге.',
            'Начните с небольшой суммы.',
          ],
        },
        {
          p: 'Все обменники каталога собраны в [отдельном разделе](/resources/exchangers). Сравнить курсы поможет, например, [example.com](https://example.com/rates).',
        },
      ],
      en: [
        {
          p: 'A good rate is worth nothing if the exchange hangs for days. Go through this list before your first deal.',
        },
        { h2: 'Checklist' },
        {
          ul: [
            'Does the exchanger have the “Verified” badge?',
            'How many reviews does it have, and how does it answer the negative ones?',
            'Its “speed” and “reliability” grades, not just the average.',
            'Are reserves and limits stated?',
            'Is there live support?',
            'Does the site’s address match the one in the directory?',
            'Start with a small amount.',
          ],
        },
        {
          p: 'Every exchanger in the directory is in [its own section](/resources/exchangers). To compare rates, try [example.com](https://example.com/rates).',
        },
      ],
    },
    comments: [
      {
        author: 'user',
        daysAgo: 12,
        text: 'Пункт про адрес сайта — самый важный, фишинговых копий полно.',
      },
      { author: 'totp-user', daysAgo: 11, text: 'Start small — the best advice here.' },
    ],
  },
  {
    slug: 'how-we-calculate-ratings',
    daysAgo: 30,
    hue: 50,
    title: { ru: 'Как мы считаем рейтинг', en: 'How we calculate ratings' },
    excerpt: {
      ru: 'Почему ресурс с одной пятёркой не обгоняет площадку с сотней оценок 4,8.',
      en: 'Why a resource with one five-star review does not outrank one with a hundred 4.8s.',
    },
    content: {
      ru: [
        {
          p: 'Простое среднее обманчиво: одна пятёрка даёт идеальные 5,0. Поэтому в сортировке «Лучшие» мы используем байесовское среднее.',
        },
        { h2: 'Формула простыми словами' },
        {
          p: 'К настоящим оценкам ресурса мы мысленно добавляем несколько «средних по каталогу». Пока отзывов мало, они заметно тянут оценку к середине; когда отзывов сотни — почти не влияют.',
        },
        { quote: 'Чем больше честных отзывов, тем точнее рейтинг.' },
        {
          p: 'Ресурсы без отзывов помечены «Пока без оценок» и в «Лучшие» не попадают. Подробнее о проекте — на странице [«О нас»](/about-us).',
        },
      ],
      en: [
        {
          p: 'A plain average misleads: one five-star review gives a perfect 5.0. That is why “Best rated” uses a Bayesian average.',
        },
        { h2: 'The formula in plain words' },
        {
          p: 'To a resource’s real grades we add a few imaginary “directory averages”. While there are few reviews they pull the score towards the middle; with hundreds they barely matter.',
        },
        { quote: 'The more honest reviews, the truer the rating.' },
        {
          p: 'Resources without reviews say “No rating yet” and never appear under “Best rated”. More [about us](/about-us).',
        },
      ],
    },
    comments: [
      {
        author: 'owner',
        daysAgo: 25,
        text: 'Теперь понятно, почему новый магазин не в топе. Справедливо.',
      },
      { author: 'user', daysAgo: 20, text: 'Хорошее объяснение, спасибо.' },
    ],
  },
]

type DemoFaq = {
  slug: string
  category: 'general' | 'account' | 'reviews'
  order: number
  question: Localized<string>
  answer: Localized<Block[]>
}

const faq = (
  slug: string,
  category: DemoFaq['category'],
  order: number,
  question: Localized<string>,
  answer: Localized<string>,
): DemoFaq => ({
  slug,
  category,
  order,
  question,
  answer: { ru: [{ p: answer.ru }], en: [{ p: answer.en }] },
})

export const DEMO_FAQS: DemoFaq[] = [
  faq(
    'what-is-obzor',
    'general',
    1,
    { ru: 'Что такое Обзор?', en: 'What is Obzor?' },
    {
      ru: 'Каталог маркетплейсов, магазинов, форумов и обменников с отзывами пользователей и рейтингом. Подробнее — [о проекте](/about-us).',
      en: 'A directory of marketplaces, shops, forums and exchangers with users’ reviews and ratings. More [about us](/about-us).',
    },
  ),
  faq(
    'is-it-free',
    'general',
    2,
    { ru: 'Это бесплатно?', en: 'Is it free?' },
    {
      ru: 'Да. Читать, искать, писать отзывы и добавлять ресурсы можно бесплатно.',
      en: 'Yes. Reading, searching, reviewing and adding resources are free.',
    },
  ),
  faq(
    'add-a-resource',
    'general',
    3,
    { ru: 'Как добавить свой ресурс?', en: 'How do I add my resource?' },
    {
      ru: 'Войдите и откройте «Добавить ресурс». После проверки модератором он появится в каталоге, а вы станете его владельцем.',
      en: 'Sign in and open “Add resource”. Once a moderator approves it, it appears in the directory and you become its owner.',
    },
  ),
  faq(
    'contact-support',
    'general',
    4,
    { ru: 'Как связаться с поддержкой?', en: 'How do I contact support?' },
    {
      ru: 'Через форму на странице [контактов](/contacts) или по почте **support@obzor.example**.',
      en: 'Use the form on the [contacts page](/contacts) or write to **support@obzor.example**.',
    },
  ),
  faq(
    'two-factor',
    'account',
    1,
    { ru: 'Как включить двухфакторный вход?', en: 'How do I turn on two-factor sign-in?' },
    {
      ru: 'В профиле откройте «Безопасность» и выберите приложение-аутентификатор или PGP-ключ.',
      en: 'In your profile open “Security” and choose an authenticator app or a PGP key.',
    },
  ),
  faq(
    'forgot-password',
    'account',
    2,
    { ru: 'Я забыл пароль. Что делать?', en: 'I forgot my password. What now?' },
    {
      ru: 'На странице входа нажмите «Забыли пароль?» — мы пришлём ссылку для сброса на вашу почту.',
      en: 'On the sign-in page press “Forgot password?”: we email you a link to reset it.',
    },
  ),
  faq(
    'change-display-name',
    'account',
    3,
    { ru: 'Можно ли сменить отображаемое имя?', en: 'Can I change my display name?' },
    {
      ru: 'Да, но не чаще раза в месяц: так отзывы не теряют автора.',
      en: 'Yes, but at most once a month, so reviews keep their author.',
    },
  ),
  faq(
    'blocked-account',
    'account',
    4,
    { ru: 'Почему я вижу «Вы заблокированы»?', en: 'Why do I see “You are blocked.”?' },
    {
      ru: 'Аккаунт заблокирован за нарушение [правил](/informations/rules). Если считаете это ошибкой, напишите в поддержку.',
      en: 'Your account was blocked for breaking the [rules](/informations/rules). If you think it is a mistake, contact support.',
    },
  ),
  faq(
    'one-review',
    'reviews',
    1,
    {
      ru: 'Сколько отзывов можно оставить о ресурсе?',
      en: 'How many reviews can I write about a resource?',
    },
    {
      ru: 'Один. Его можно изменить или удалить в разделе «Мои отзывы».',
      en: 'One. You can edit or delete it under “My reviews”.',
    },
  ),
  faq(
    'rating-calculation',
    'reviews',
    2,
    { ru: 'Как считается рейтинг?', en: 'How is the rating calculated?' },
    {
      ru: 'Байесовским средним: пока отзывов мало, оценка тянется к средней по каталогу. Подробно — в [статье](/posts/how-we-calculate-ratings).',
      en: 'As a Bayesian average: with few reviews the score leans towards the directory’s mean. Details in [this post](/posts/how-we-calculate-ratings).',
    },
  ),
  faq(
    'report-review',
    'reviews',
    3,
    { ru: 'Как пожаловаться на отзыв?', en: 'How do I report a review?' },
    {
      ru: 'Нажмите «Пожаловаться» под отзывом и выберите причину. Модераторы рассмотрят жалобу.',
      en: 'Press “Report” under the review and choose a reason. Moderators will look into it.',
    },
  ),
  faq(
    'owner-reply',
    'reviews',
    4,
    { ru: 'Может ли владелец ответить на отзыв?', en: 'Can an owner reply to a review?' },
    {
      ru: 'Да, один раз на каждый отзыв — из раздела «Отзывы о моих ресурсах».',
      en: 'Yes, once per review, from “Reviews on my resources”.',
    },
  ),
]
