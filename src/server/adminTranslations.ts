import 'server-only'

/**
 * Payload's Russian where its templates decline a label badly. Payload puts a collection's label
 * (nominative, capitalised: «Файл», «Новость», «Вопросы и ответы») into sentences written for
 * one gender and case («Создание нового {{label}}» → «Создание нового Файл»); here each template
 * names the label apart, after a colon or in brackets, which reads right for any label.
 * «Без метки» (an empty cell, usually a title) names the field instead.
 */
export const russianAdminWords = {
  general: {
    createNewLabel: 'Создать: {{label}}',
    creatingNewLabel: 'Создание: {{label}}',
    newLabel: 'Создать: {{label}}',
    editLabel: 'Изменить: {{label}}',
    deleteLabel: 'Удалить: {{label}}',
    noLabel: '{{label}}: не указано',
    schedulePublishFor: 'Запланировать публикацию: «{{title}}»',
    aboutToDelete: 'Удалить «<1>{{title}}</1>» ({{label}})? Это действие нельзя отменить.',
    aboutToPermanentlyDelete: 'Удалить навсегда «<1>{{title}}</1>» ({{label}})?',
    aboutToTrash: 'Переместить «<1>{{title}}</1>» ({{label}}) в корзину?',
    aboutToRestore: 'Восстановить «<1>{{title}}</1>» ({{label}})?',
    aboutToRestoreAsDraft: 'Восстановить «<1>{{title}}</1>» ({{label}}) как черновик?',
    aboutToDeleteCount_one: 'Удалить выбранное ({{label}}: {{count}})?',
    aboutToDeleteCount_many: 'Удалить выбранное ({{label}}: {{count}})?',
    aboutToDeleteCount_other: 'Удалить выбранное ({{label}}: {{count}})?',
    aboutToTrashCount: 'Переместить в корзину выбранное ({{label}}: {{count}})?',
    aboutToRestoreCount: 'Восстановить выбранное ({{label}}: {{count}})?',
    aboutToRestoreAsDraftCount: 'Восстановить как черновики ({{label}}: {{count}})?',
    deletedCountSuccessfully: 'Удалено ({{label}}): {{count}}.',
    updatedCountSuccessfully: 'Обновлено ({{label}}): {{count}}.',
    restoredCountSuccessfully: 'Восстановлено ({{label}}): {{count}}.',
    trashedCountSuccessfully: 'Перемещено в корзину ({{label}}): {{count}}.',
    documentIsTrashed: 'Документ в корзине ({{label}}) и доступен только для чтения.',
    editingLabel_one: 'Изменение ({{label}}): {{count}}',
    editingLabel_many: 'Изменение ({{label}}): {{count}}',
    editingLabel_other: 'Изменение ({{label}}): {{count}}',
    noResults:
      'Ничего не найдено ({{label}}): записей ещё нет или ни одна не подходит под фильтры.',
    selectAll: 'Выбрать все ({{label}}: {{count}})',
    selectedCount: 'Выбрано ({{label}}): {{count}}',
    selectLabel: 'Выбрать: {{label}}',
    showAllLabel: 'Показать все ({{label}})',
    // The toasts after a save: «Новость успешно создан» read as a slip of the site's.
    successfullyCreated: 'Создано ({{label}}).',
    successfullyDuplicated: 'Скопировано ({{label}}).',
    updatedSuccessfully: 'Сохранено.',
    updatedLabelSuccessfully: 'Сохранено ({{label}}).',
    titleDeleted: 'Удалено ({{label}}): «{{title}}».',
    titleRestored: 'Восстановлено ({{label}}): «{{title}}».',
    titleTrashed: 'Перемещено в корзину ({{label}}): «{{title}}».',
    permanentlyDeletedCountSuccessfully: 'Удалено навсегда ({{label}}): {{count}}.',
    noTrashResults: 'В корзине пусто ({{label}}).',
    emptyTrashLabel: 'Очистить корзину ({{label}})',
    moveCount: 'Переместить ({{label}}): {{count}}',
    movingCount: 'Перемещение ({{label}}): {{count}}',
  },
  version: {
    noRowsFound: 'Ничего не найдено ({{label}})',
    noRowsSelected: 'Ничего не выбрано ({{label}})',
    aboutToRestore: 'Вернуть документ ({{label}}) к состоянию на {{versionDate}}?',
  },
  fields: {
    addLabel: 'Добавить: {{label}}',
    addNewLabel: 'Добавить: {{label}}',
    newLabel: 'Создать: {{label}}',
    chooseLabel: 'Выбрать: {{label}}',
    selectExistingLabel: 'Выбрать из имеющихся: {{label}}',
    uploadNewLabel: 'Загрузить: {{label}}',
    editLabelData: 'Изменить данные: {{label}}',
    labelRelationship: '{{label}}: связи',
  },
  error: {
    unableToDeleteCount: 'Не удалось удалить {{count}} из {{total}} ({{label}}).',
    unableToUpdateCount: 'Не удалось обновить {{count}} из {{total}} ({{label}}).',
  },
}

/**
 * The rich-text editor's Russian (its toolbar and its "/" menu), where the editor's own reads
 * as a word-for-word translation («Параграф», «Несортированный список», «Отношения»).
 */
const russianEditorWords = {
  paragraph: { label: 'Абзац', label2: 'Обычный текст' },
  relationship: { label: 'Ссылка на материал' },
  upload: { label: 'Изображение или файл' },
  orderedList: { label: 'Нумерованный список' },
  unorderedList: { label: 'Маркированный список' },
  checklist: { label: 'Список задач' },
  blocks: {
    inlineBlocks: {
      create: 'Создать: {{label}}',
      edit: 'Изменить: {{label}}',
      remove: 'Удалить: {{label}}',
    },
  },
}

type Words = { [key: string]: string | Words }

const mergeWords = (into: Words, words: Words) => {
  for (const [key, value] of Object.entries(words)) {
    if (typeof value === 'string') into[key] = value
    else mergeWords((into[key] ??= {}) as Words, value)
  }
}

/**
 * The editor's words are merged into the config's while it is built, over the config's own
 * `i18n.translations`: they are set once it is built.
 */
export const withRussianEditorWords = <Config extends { i18n: { translations: object } }>(
  config: Config,
): Config => {
  const translations = config.i18n.translations as Record<string, Words>
  mergeWords(((translations.ru ??= {}).lexical ??= {}) as Words, russianEditorWords)
  return config
}
