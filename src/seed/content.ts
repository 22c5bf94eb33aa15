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
  /** `replyTo`: the index, in the same list, of the comment this one answers. */
  comments?: { author: DemoLogin; text: string; daysAgo: number; replyTo?: number }[]
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
        { h2: 'Модерация' },
        {
          p: 'Новый ресурс сначала попадает на проверку: модератор смотрит, что сайт работает и описан честно, и только после этого карточка появляется в каталоге. На отзывы и комментарии может пожаловаться любой читатель — жалобы разбирают модераторы.',
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
        { h2: 'Moderation' },
        {
          p: 'A new resource waits for review first: a moderator checks that the site works and is described honestly, and only then does its page appear in the directory. Any reader can report a review or a comment, and moderators look into every report.',
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
        { h2: 'Приглашения к отзывам' },
        {
          ul: [
            'Владелец ресурса может пригласить клиентов написать отзыв: письмом с сайта или одноразовой ссылкой. Отзыв по приглашению помечается «По приглашению».',
            'Приглашать нужно всех клиентов (или всех клиентов за период), а не только довольных. Выбирать, кого пригласить, по тому, каким будет отзыв, запрещено.',
            'Приглашение не задаёт оценку и не даёт за отзыв вознаграждения: оценка и текст — только клиента.',
            'Сотрудники ресурса не пишут отзывы о нём, в том числе по приглашениям.',
            'Если приглашали выборочно, модераторы скрывают полученные так отзывы.',
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
        { h2: 'Review invitations' },
        {
          ul: [
            'A resource’s owner may invite customers to write a review: by a mail the site sends or by a single-use link. A review written through an invitation is marked “Invited”.',
            'Invitations must go to all customers (or all customers of a period), not only the happy ones. Choosing whom to invite by the review you expect is forbidden.',
            'An invitation sets no grade and pays nothing for a review: the grade and the words are the customer’s own.',
            'A resource’s staff do not review it, through invitations either.',
            'Where invitations went out selectively, moderators hide the reviews they brought.',
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
          p: 'Мы запустили двухфакторный вход. Теперь, даже если ваш пароль утечёт вместе с базой какого-нибудь стороннего сайта, одного его для входа в Обзор не хватит: после пароля мы попросим подтвердить, что это действительно вы.',
        },
        { h2: 'Два способа на выбор' },
        {
          ul: [
            '**Приложение-аутентификатор.** Отсканируйте QR-код в настройках, и приложение начнёт выдавать шестизначные коды, которые меняются каждые 30 секунд. Подойдёт любое приложение с поддержкой TOTP.',
            '**PGP-ключ.** Загрузите свой публичный ключ, и при входе мы зашифруем им одноразовое сообщение с кодом. Расшифровываете его вы сами — закрытый ключ никогда не покидает ваш компьютер.',
          ],
        },
        {
          p: 'Включить защиту можно в разделе «Безопасность» личного кабинета. Перед включением сайт попросит ввести первый код: так мы убедимся, что всё настроено правильно и вы не останетесь за дверью.',
        },
        {
          quote:
            'Пароль можно подсмотреть, подобрать или выудить фишингом. С кодом, который живёт полминуты, такой номер не пройдёт.',
        },
        { h2: 'Что ещё стоит знать' },
        {
          p: 'Пять неудачных попыток входа подряд блокируют аккаунт на 15 минут — это защита от перебора. Если вы потеряли телефон или ключ, напишите в поддержку с почты, привязанной к аккаунту.',
        },
        {
          p: 'Ответы на частые вопросы собраны в [разделе FAQ](/faqs#two-factor), а о том, как устроены одноразовые коды, понятно рассказано, например, на [example.org](https://example.org/totp-explained).',
        },
      ],
      en: [
        {
          p: 'Two-factor sign-in is here. Even if your password leaks along with some other site’s database, it is no longer enough to get into your Obzor account: after the password, we ask you to prove it is really you.',
        },
        { h2: 'Two ways to choose from' },
        {
          ul: [
            '**An authenticator app.** Scan the QR code in your settings and the app starts showing six-digit codes that change every 30 seconds. Any app that supports TOTP will do.',
            '**A PGP key.** Upload your public key, and at sign-in we encrypt a one-time message with a code to it. You decrypt it yourself: your private key never leaves your computer.',
          ],
        },
        {
          p: 'Turn it on under “Security” in your account. Before it takes effect, the site asks for a first code, so we know everything works and you will not lock yourself out.',
        },
        {
          quote:
            'A password can be overheard, guessed or phished. A code that lives for thirty seconds is a far harder target.',
        },
        { h2: 'Good to know' },
        {
          p: 'Five failed sign-in attempts in a row lock the account for 15 minutes, which stops anyone from guessing. If you lose your phone or your key, write to support from the email address on your account.',
        },
        {
          p: 'Common questions are answered in the [FAQ](/faqs#two-factor), and one-time codes are explained in plain words on, for example, [example.org](https://example.org/totp-explained).',
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
          p: 'В каталоге появился значок «Проверен». Он стоит рядом с названием ресурса и означает одно: модератор лично убедился, что ресурсом управляет тот, кто его добавил, а адреса в карточке — настоящие.',
        },
        {
          p: 'Зачем это нужно? Мошенники обожают копировать популярные площадки: тот же дизайн, похожий адрес, разница в одну букву. Значок помогает с первого взгляда отличить оригинал от подделки. Особенно это касается обменников, где одна ошибка в адресе может стоить всей суммы.',
        },
        { h2: 'Как получить значок' },
        {
          ol: [
            'Войдите в аккаунт владельца и откройте заявку на верификацию.',
            'Выберите ресурс из списка своих и опишите, как можете подтвердить, что он ваш.',
            'Приложите файлы — например, скриншот панели управления или письмо с официального домена.',
            'Дождитесь решения: обычно модераторы отвечают в течение двух рабочих дней.',
          ],
        },
        {
          quote:
            'Значок нельзя купить. Его можно только заслужить — и лишиться, если данные ресурса перестанут совпадать.',
        },
        {
          p: 'На рейтинг значок не влияет: оценку по-прежнему формируют только отзывы. Зато проверенные ресурсы можно отобрать фильтром — например, среди [обменников](/resources/exchangers?verified=1). А почему так важно сверять адреса, хорошо объясняет [памятка о фишинге](https://example.org/phishing-guide).',
        },
      ],
      en: [
        {
          p: 'The directory has a new “Verified” badge. It sits next to a resource’s name and means one thing: a moderator has personally confirmed that the resource is run by whoever added it, and that the addresses on its page are the real ones.',
        },
        {
          p: 'Why does it matter? Scammers love cloning popular sites: the same design, an address one letter off. The badge helps you tell the original from a copy at a glance. This matters most for exchangers, where one wrong letter in an address can cost you the whole amount.',
        },
        { h2: 'How to get the badge' },
        {
          ol: [
            'Sign in as the owner and open a verification request.',
            'Pick the resource from your list and explain how you can prove it is yours.',
            'Attach files, such as a screenshot of the admin panel or an email sent from the official domain.',
            'Wait for the decision: moderators usually answer within two working days.',
          ],
        },
        {
          quote:
            'The badge cannot be bought. It can only be earned, and it is taken away once the details stop matching.',
        },
        {
          p: 'The badge does not touch the rating: the score still comes from reviews alone. But you can filter for verified resources, for example among the [exchangers](/resources/exchangers?verified=1). Why checking an address matters so much is well explained in this [phishing guide](https://example.org/phishing-guide).',
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
          p: 'Мы полностью переписали поиск по каталогу — об этом чаще всего просили в обращениях в поддержку. Раньше он искал точное совпадение, и одна лишняя буква оставляла вас перед пустой страницей. Теперь поиск сравнивает слова по сходству и догадывается, что вы имели в виду.',
        },
        { h2: 'Что изменилось' },
        {
          ul: [
            '**Опечатки и перестановки.** «Bazzar» найдёт «Базар Один», а «шелковый рыонк» — «Шёлковый рынок».',
            '**Латиница и кириллица.** Название можно набрать транслитом: «bazar» и «базар» для поиска одно и то же.',
            '**Буква «ё».** «Шёлковый» и «шелковый» теперь находят одно и то же.',
            '**Разделы по слову.** Напишите «магазин» или «форум» — и поиск сам ограничится нужным разделом каталога.',
          ],
        },
        {
          quote:
            'Хороший поиск не заставляет вспоминать, как именно пишется название. Он просто находит.',
        },
        {
          p: 'Подсказки появляются прямо во время ввода в строке поиска в шапке сайта, а все результаты собраны на [странице поиска](/search). Если что-то по-прежнему не находится, расскажите нам об этом — каждый такой запрос помогает поиску становиться лучше.',
        },
        {
          p: 'Для любопытных: в основе лежит сравнение по триграммам, о котором подробно написано, например, на [example.com](https://example.com/trigram-search).',
        },
      ],
      en: [
        {
          p: 'We have rewritten the directory’s search from scratch: it was the most frequent wish in messages to support. It used to look for an exact match, so one extra letter left you staring at an empty page. Now it compares words by similarity and works out what you meant.',
        },
        { h2: 'What has changed' },
        {
          ul: [
            '**Typos and swapped letters.** “Bazzar” finds “Bazaar One”, and “silk makret” finds “Silk Market”.',
            '**Latin and Cyrillic.** Type a name in either alphabet: to search, “bazar” and «базар» are the same word.',
            '**The letter ё.** Russian names with ё are found whether or not you type the dots.',
            '**Sections by name.** Type “shop” or “forum” and search narrows itself to that part of the directory.',
          ],
        },
        {
          quote: 'Good search does not make you remember how a name is spelled. It just finds it.',
        },
        {
          p: 'Suggestions appear as you type in the search box in the header, and every result is on the [search page](/search). If something still cannot be found, tell us: every such query helps search get better.',
        },
        {
          p: 'For the curious: it is built on trigram matching, which is explained in detail on, for example, [example.com](https://example.com/trigram-search).',
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
      ru: 'Шесть признаков, по которым заказной отзыв видно сразу, и что делать, если вы на него наткнулись.',
      en: 'Six signs that give a paid review away, and what to do when you come across one.',
    },
    content: {
      ru: [
        {
          p: 'Большинство отзывов в каталоге пишут обычные покупатели. Но там, где от оценок зависят деньги, всегда найдутся желающие их подправить: ресурс заказывает себе хвалебные отзывы, конкурент — разгромные. Модераторы отлавливают многое, но не всё, поэтому полезно уметь распознавать подделку самому.',
        },
        { h2: 'Шесть тревожных признаков' },
        {
          ol: [
            '**Ни одной конкретики.** Честный автор помнит, что купил, сколько заплатил и сколько ждал. Заказной пишет «всё отлично, рекомендую» — и на этом всё.',
            '**Одни и те же обороты.** Если в трёх отзывах подряд встречается «быстро, чётко, без лишних вопросов», скорее всего, их писал один человек.',
            '**Свежий аккаунт с единственным отзывом.** Зарегистрировался, похвалил, пропал.',
            '**Волна за одну ночь.** Десяток пятёрок за пару часов после месяцев тишины — повод насторожиться. Дата видна у каждого отзыва.',
            '**Крайности без объяснений.** «Лучший сервис в мире» и «мошенники, не связывайтесь» одинаково бесполезны, если за ними не стоит история.',
            '**Оценки по критериям спорят с текстом.** Автор ругает поддержку, но ставит ей пятёрку — так бывает, когда отзыв пишут по шаблону.',
          ],
        },
        {
          quote:
            'Честный отзыв можно проверить: в нём есть факты, которые легко подтвердить или опровергнуть.',
        },
        { h2: 'А как же негатив?' },
        {
          p: 'Отрицательный отзыв — не обязательно происки конкурентов. Посмотрите, ответил ли на него владелец и как: спокойное объяснение и предложение разобраться говорят о ресурсе больше, чем десяток пятёрок. Разгромные отзывы с угрозами и без подробностей модераторы скрывают по [правилам сообщества](/informations/rules).',
        },
        { h2: 'Что делаем мы' },
        {
          p: 'Один пользователь может оставить только один отзыв о ресурсе, а владельцы не могут оценивать собственные площадки. Модераторы разбирают жалобы читателей и скрывают отзывы, нарушающие правила, — такие отзывы сразу перестают влиять на рейтинг. А байесовская формула не даёт горстке свежих пятёрок вытолкнуть новичка на первые места.',
        },
        { h2: 'Что делать, если нашли подделку' },
        {
          p: 'Нажмите «Пожаловаться» под отзывом и выберите причину — жалобу рассмотрят модераторы, а тех, кто попадается повторно, блокируют. И наоборот: отмечайте как **полезные** подробные честные отзывы, чтобы другим читателям было проще понять, кому верить.',
        },
        {
          p: 'Если хочется копнуть глубже, почитайте [исследование о накрутке отзывов](https://example.org/review-fraud-study) — там разобраны десятки реальных схем.',
        },
      ],
      en: [
        {
          p: 'Most reviews in the directory are written by ordinary customers. But wherever ratings mean money, someone will try to bend them: a resource orders praise for itself, a competitor orders a hatchet job. Moderators catch a lot, though not everything, so it pays to know the signs yourself.',
        },
        { h2: 'Six warning signs' },
        {
          ol: [
            '**Nothing specific.** An honest reviewer remembers what they bought, what they paid and how long they waited. A paid one writes “all great, recommended” and stops there.',
            '**The same phrases.** If three reviews in a row say “fast, smooth, no questions asked”, one person probably wrote them all.',
            '**A brand-new account with a single review.** Signed up, praised, vanished.',
            '**A wave overnight.** A dozen five-star ratings within a couple of hours after months of silence should make you wary. Every review shows its date.',
            '**Extremes without reasons.** “The best service on earth” and “scammers, stay away” are equally useless without a story behind them.',
            '**Grades that contradict the text.** The author complains about support, then gives it five stars: a sign the review was written from a template.',
          ],
        },
        {
          quote:
            'An honest review can be checked: it holds facts that are easy to confirm or refute.',
        },
        { h2: 'What about negative reviews?' },
        {
          p: 'A bad review is not necessarily a competitor’s trick. See whether the owner replied, and how: a calm explanation and an offer to sort things out tell you more than a dozen five-star ratings. Angry reviews with threats and no details are hidden under the [community rules](/informations/rules).',
        },
        { h2: 'What we do on our side' },
        {
          p: 'Each person can leave only one review per resource, and owners cannot rate their own. Moderators go through readers’ reports and hide reviews that break the rules, which at once stops them counting towards the rating. And the Bayesian formula keeps a handful of fresh five-star reviews from pushing a newcomer to the top.',
        },
        { h2: 'Found a fake?' },
        {
          p: 'Press “Report” under the review and choose a reason: moderators look into every report, and repeat offenders are blocked. It works the other way too: mark detailed, honest reviews as **helpful**, so other readers can see which ones to trust.',
        },
        {
          p: 'To dig deeper, read this [study of review fraud](https://example.org/review-fraud-study), which takes apart dozens of real schemes.',
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
          p: 'Выгодный курс ничего не стоит, если перевод зависнет на несколько дней, а поддержка перестанет отвечать. Мы собрали чек-лист, который стоит пройти перед первой сделкой с незнакомым обменником. Займёт минут десять, а сберечь может куда больше.',
        },
        { h2: 'Перед сделкой' },
        {
          ul: [
            '**Адрес сайта.** Сверьте его с тем, что указан в карточке каталога, буква в букву. Фишинговые копии обменников — самый частый способ потерять деньги.',
            '**Значок «Проверен».** Он означает, что модератор подтвердил владельца и адреса. Его отсутствие ещё не приговор, но повод присмотреться внимательнее.',
            '**Сколько отзывов и насколько они свежие.** Три отзыва двухлетней давности мало что говорят. Ищите обменники, о которых пишут регулярно.',
            '**Оценки по критериям.** Смотрите не только на общие звёзды: у обменника отдельно оцениваются надёжность, скорость, курсы и поддержка. Высокий рейтинг при низкой надёжности — тревожный сигнал.',
            '**Ответы на негатив.** Если владелец отвечает на жалобы и решает проблемы — это хороший знак. Молчит или грубит — плохой.',
            '**Резервы и лимиты.** Честный обменник заранее показывает, сколько готов обменять, и не меняет условия на ходу.',
            '**Живая поддержка.** Напишите в чат до сделки и задайте простой вопрос. Скорость и тон ответа скажут многое.',
          ],
        },
        { h2: 'Во время сделки' },
        {
          ol: [
            'Начните с небольшой суммы, даже если курс кажется очень выгодным.',
            'Сохраните номер заявки и делайте скриншоты каждого шага.',
            'Не соглашайтесь переводить деньги «напрямую оператору» в обход сайта.',
          ],
        },
        { quote: 'Слишком хороший курс — первый признак того, что что-то не так.' },
        { h2: 'Если что-то пошло не так' },
        {
          p: 'Не паникуйте и не отправляйте деньги повторно. Напишите в поддержку обменника, укажите номер заявки и дайте разумный срок — обычно хватает суток. Если ответа нет, опишите ситуацию в отзыве: сухо, с датами и суммами, без оскорблений. Владельцы проверенных ресурсов, как правило, реагируют быстро — публичная жалоба им совсем не на пользу.',
        },
        {
          p: 'После обмена не поленитесь оставить отзыв: укажите сумму, направление и сколько пришлось ждать. Такие подробности помогут следующему человеку больше любых звёзд.',
        },
        {
          p: 'Все обменники каталога собраны в [отдельном разделе](/resources/exchangers), а сравнить текущие курсы можно, например, на [example.com](https://example.com/rates).',
        },
      ],
      en: [
        {
          p: 'A great rate is worth nothing if the transfer hangs for days and support stops answering. Here is a checklist to go through before your first deal with an exchanger you do not know. It takes about ten minutes and can save you a lot more.',
        },
        { h2: 'Before the deal' },
        {
          ul: [
            '**The address.** Compare it with the one on the directory page, letter by letter. Phishing copies of exchangers are the most common way to lose money.',
            '**The “Verified” badge.** It means a moderator has confirmed the owner and the addresses. Its absence is no verdict, but a reason to look closer.',
            '**How many reviews, and how recent.** Three reviews from two years ago say little. Look for exchangers people write about regularly.',
            '**Grades per criterion.** Look beyond the overall stars: exchangers are graded separately for reliability, speed, rates and support. A high score with poor reliability is a red flag.',
            '**Replies to complaints.** An owner who answers complaints and fixes problems is a good sign. Silence or rudeness is a bad one.',
            '**Reserves and limits.** An honest exchanger says up front how much it can exchange, and does not change the terms halfway.',
            '**Live support.** Ask the chat a simple question before the deal. The speed and tone of the answer tell you a lot.',
          ],
        },
        { h2: 'During the deal' },
        {
          ol: [
            'Start with a small amount, even if the rate looks very attractive.',
            'Keep the order number and take screenshots of every step.',
            'Never agree to pay “the operator directly”, bypassing the site.',
          ],
        },
        { quote: 'A rate that looks too good is the first sign that something is wrong.' },
        { h2: 'If something goes wrong' },
        {
          p: 'Do not panic, and do not send the money again. Write to the exchanger’s support with your order number and give them a reasonable time, usually a day. If there is no answer, describe what happened in a review: plainly, with dates and amounts, and no insults. Owners of verified resources tend to react quickly, as a public complaint does them no good.',
        },
        {
          p: 'After the exchange, take a minute to write a review: the amount, the direction and how long you waited. Details like these help the next person more than any number of stars.',
        },
        {
          p: 'Every exchanger in the directory is in [its own section](/resources/exchangers), and current rates can be compared on, for example, [example.com](https://example.com/rates).',
        },
      ],
    },
    comments: [
      {
        author: 'user',
        daysAgo: 12,
        text: 'Пункт про адрес сайта — самый важный, фишинговых копий полно.',
      },
      {
        author: 'forum-operator',
        daysAgo: 11,
        text: 'Добавил бы ещё: не верьте «менеджерам», которые сами пишут в личку.',
        replyTo: 0,
      },
      { author: 'totp-user', daysAgo: 10, text: 'Start small — the best advice here.' },
    ],
  },
  {
    slug: 'how-we-calculate-ratings',
    daysAgo: 30,
    hue: 50,
    title: { ru: 'Как мы считаем рейтинг', en: 'How we calculate ratings' },
    excerpt: {
      ru: 'Почему ресурс с одной пятёркой не обгоняет площадку с сотнями оценок 4,8.',
      en: 'Why a resource with one five-star review does not outrank one with hundreds of 4.8s.',
    },
    content: {
      ru: [
        {
          p: 'Обычное среднее арифметическое обманчиво, особенно когда отзывов немного. Новый магазин с единственной пятёркой получает идеальные 5,0 и формально обходит площадку, у которой пятьсот отзывов со средней оценкой 4,8. Какой из них стоит доверять больше, понятно каждому, но простое среднее этого не видит. Поэтому в сортировке «Лучшие» мы используем байесовское среднее.',
        },
        { h2: 'Формула простыми словами' },
        {
          p: 'К настоящим оценкам каждого ресурса мы мысленно добавляем пять воображаемых отзывов на три звезды — середину шкалы. Получается так: **(сумма оценок + 5 × 3) / (число отзывов + 5)**.',
        },
        {
          p: 'Пока настоящих отзывов мало, воображаемые заметно тянут оценку к середине. Когда их сотни, влияние поправки почти исчезает и рейтинг совпадает с обычным средним.',
        },
        { h2: 'Несколько примеров' },
        {
          ul: [
            'Одна пятёрка: (5 + 15) / 6 ≈ **3,33**.',
            'Десять отзывов со средней 4,5: (45 + 15) / 15 = **4,0**.',
            'Пятьсот отзывов со средней 4,8: (2400 + 15) / 505 ≈ **4,78**.',
          ],
        },
        {
          p: 'Площадке с долгой историей почти ничего не нужно доказывать, а новичку предстоит собрать честные отзывы. Зато и накрутить рейтинг парой фальшивых пятёрок не выйдет: чтобы заметно сдвинуть оценку, понадобятся десятки отзывов, а такую волну модераторы увидят сразу.',
        },
        { h2: 'Почему пять и три' },
        {
          p: 'Три звезды — середина шкалы: о ресурсе, про который ещё никто ничего не написал, честнее всего сказать «ни хорошо, ни плохо». Пять воображаемых отзывов — компромисс: с ними новичку хватает десятка настоящих оценок, чтобы показать свой уровень, а одной-двух уже мало. Если каталог заметно вырастет, мы можем пересмотреть эти числа — и обязательно расскажем об этом в новостях.',
        },
        { quote: 'Чем больше честных отзывов, тем точнее рейтинг.' },
        { h2: 'Что ещё важно' },
        {
          ul: [
            'Ресурсы без отзывов помечены «Пока без оценок» и в сортировке «Лучшие» идут после всех оценённых.',
            'Отзывы, скрытые модераторами, в расчёт не входят.',
            'Оценки по критериям — скажем, надёжность или поддержка — показаны отдельно: по ним видно, в чём ресурс силён, а где проседает.',
          ],
        },
        {
          p: 'Подход не новый: так устроены рейтинги на многих сайтах с отзывами, подробный разбор есть, например, на [example.org](https://example.org/bayesian-average). Больше о том, как работает каталог, — на странице [«О проекте»](/about-us).',
        },
      ],
      en: [
        {
          p: 'A plain average is misleading. A new shop with a single five-star review gets a perfect 5.0 and, on paper, beats a place with five hundred reviews averaging 4.8. Anyone can see which one deserves more trust, but a plain average cannot. That is why “Best rated” uses a Bayesian average.',
        },
        { h2: 'The formula in plain words' },
        {
          p: 'To every resource’s real grades we add five imaginary three-star reviews, the middle of the scale. The score is **(sum of grades + 5 × 3) / (number of reviews + 5)**.',
        },
        {
          p: 'While there are few real reviews, the imaginary ones pull the score noticeably towards the middle. Once there are hundreds, their effect all but vanishes and the score matches the plain average.',
        },
        { h2: 'A few examples' },
        {
          ul: [
            'One five-star review: (5 + 15) / 6 ≈ **3.33**.',
            'Ten reviews averaging 4.5: (45 + 15) / 15 = **4.0**.',
            'Five hundred reviews averaging 4.8: (2400 + 15) / 505 ≈ **4.78**.',
          ],
        },
        {
          p: 'A place with a long history has almost nothing left to prove, while a newcomer has to earn honest reviews. And nobody can inflate a rating with a couple of fake five-star reviews: moving it noticeably would take dozens, and moderators would spot such a wave at once.',
        },
        { h2: 'Why five and three' },
        {
          p: 'Three stars is the middle of the scale: about a resource nobody has written about yet, the fairest thing to say is “neither good nor bad”. Five imaginary reviews is a compromise: with them, a dozen real grades are enough for a newcomer to show what it is worth, while one or two are not. If the directory grows a lot, we may revisit these numbers, and we will say so in the news.',
        },
        { quote: 'The more honest reviews, the truer the rating.' },
        { h2: 'What else matters' },
        {
          ul: [
            'Resources without reviews say “No rating yet” and come after every rated one under “Best rated”.',
            'Reviews hidden by moderators do not count.',
            'Grades per criterion, such as reliability or support, are shown separately: they reveal where a resource shines and where it falls short.',
          ],
        },
        {
          p: 'The idea is not new: many review sites rank this way, and there is a detailed explanation on, for example, [example.org](https://example.org/bayesian-average). More on how the directory works is on the [about us](/about-us) page.',
        },
      ],
    },
    comments: [
      {
        author: 'owner',
        daysAgo: 25,
        text: 'Теперь понятно, почему новый магазин не в топе. Справедливо.',
      },
      { author: 'store-operator', daysAgo: 22, text: 'Clear and fair. Thanks for the examples.' },
      {
        author: 'user',
        daysAgo: 20,
        text: 'Хорошее объяснение, формула с примерами — самое то.',
        replyTo: 0,
      },
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
