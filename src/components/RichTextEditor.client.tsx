'use client'

import {
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  ListItemNode,
  ListNode,
} from '@lexical/list'
import { LexicalComposer } from '@lexical/react/LexicalComposer'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { ContentEditable } from '@lexical/react/LexicalContentEditable'
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary'
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin'
import { ListPlugin } from '@lexical/react/LexicalListPlugin'
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin'
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin'
import { HeadingNode, QuoteNode } from '@lexical/rich-text'
import { FORMAT_TEXT_COMMAND, type EditorState, type SerializedEditorState } from 'lexical'
import { useTranslations } from 'next-intl'
import { useCallback, useEffect, useRef } from 'react'

import './rich-text-editor.css'

/** Spec §9: the editor's changes reach the form at most every 300 ms. */
export const RICH_TEXT_DEBOUNCE_MS = 300

function Toolbar({ labelledBy }: { labelledBy: string }) {
  const t = useTranslations('editor')
  const [editor] = useLexicalComposerContext()
  return (
    <div className="editor-toolbar" role="toolbar" aria-labelledby={labelledBy}>
      <button type="button" onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold')}>
        <strong aria-hidden="true">B</strong>
        <span className="visually-hidden">{t('bold')}</span>
      </button>
      <button type="button" onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic')}>
        <em aria-hidden="true">I</em>
        <span className="visually-hidden">{t('italic')}</span>
      </button>
      <button
        type="button"
        onClick={() => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined)}
      >
        {t('bullets')}
      </button>
      <button
        type="button"
        onClick={() => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined)}
      >
        {t('numbers')}
      </button>
    </div>
  )
}

/**
 * A rich-text field producing the Lexical JSON Payload stores (paragraphs, bold, italic, lists).
 * `onChange` is debounced, so typing does not re-render the form on every key.
 */
export function RichTextEditor({
  id,
  label,
  initial,
  onChange,
}: {
  id: string
  label: string
  initial?: unknown
  onChange: (value: SerializedEditorState) => void
}) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const latest = useRef<EditorState | null>(null)
  const field = useRef<HTMLDivElement>(null)
  const hasContent = Boolean(initial && typeof initial === 'object' && 'root' in initial)

  const flush = useCallback(() => {
    if (!timer.current) return
    clearTimeout(timer.current)
    timer.current = null
    if (latest.current) onChange(latest.current.toJSON())
  }, [onChange])

  // A pending change reaches the form before it is sent: this listener, on the form itself,
  // runs before React's submit handler.
  useEffect(() => {
    const form = field.current?.closest('form')
    form?.addEventListener('submit', flush, { capture: true })
    return () => form?.removeEventListener('submit', flush, { capture: true })
  }, [flush])

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])

  const onEditorChange = (state: EditorState) => {
    latest.current = state
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      timer.current = null
      onChange(state.toJSON())
    }, RICH_TEXT_DEBOUNCE_MS)
  }

  return (
    <div className="field" ref={field}>
      <span id={`${id}-label`} className="field-label">
        {label}
      </span>
      <LexicalComposer
        initialConfig={{
          namespace: id,
          nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode],
          editorState: hasContent ? JSON.stringify(initial) : undefined,
          onError: (error) => console.error(error),
          theme: { text: { bold: 'rt-bold', italic: 'rt-italic' } },
        }}
      >
        <Toolbar labelledBy={`${id}-label`} />
        <div className="editor">
          <RichTextPlugin
            contentEditable={
              <ContentEditable id={id} className="editor-input" aria-labelledby={`${id}-label`} />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
        <HistoryPlugin />
        <ListPlugin />
        <OnChangePlugin onChange={onEditorChange} ignoreSelectionChange />
      </LexicalComposer>
    </div>
  )
}
