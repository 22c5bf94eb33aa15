'use client'

import { useTranslations } from 'next-intl'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'

import { apiGet } from '@/client/api'
import type { SearchSuggestion } from '@/data/views/search'
import { useRouter } from '@/i18n/navigation'
import type { Locale } from '@/i18n/routing'
import { prefixOf } from '@/lib/resourceTypes'

/** How long typing must pause before the box asks for suggestions. */
const DEBOUNCE_MS = 200
/** Fewer characters than this suggest nothing: too many resources would match. */
const MIN_CHARS = 2

/**
 * The search box's input as a combobox (WAI-ARIA's pattern with a listbox popup): what is typed
 * brings the matching resources as you type; arrows move through them, Enter opens the one
 * chosen (or submits the form as without scripts), Escape or a click elsewhere closes them. The
 * input itself stays a plain field of the GET form, which works before this script runs.
 */
export function SearchSuggestions({
  inputId,
  placeholder,
  maxLength,
  locale,
}: {
  inputId: string
  placeholder: string
  /** The longest query (LIMITS.searchQueryMax), given by the server: the limits stay out of the bundle. */
  maxLength: number
  locale: Locale
}) {
  const t = useTranslations('search-suggestions')
  const types = useTranslations('types')
  const router = useRouter()
  const [query, setQuery] = useState('')
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([])
  const [isOpen, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const boxRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const listId = `${inputId}-suggestions`
  const optionId = (index: number) => `${listId}-${index}`
  const close = () => {
    setOpen(false)
    setActive(-1)
  }

  useEffect(() => {
    const term = query.trim()
    if (term.length < MIN_CHARS) return
    // A newer query cancels the request of the one before (and its answer is never shown).
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      try {
        const answer = await apiGet(
          '/search-suggestions',
          { q: term, locale },
          { signal: controller.signal },
        )
        if (controller.signal.aborted) return
        setSuggestions(answer.suggestions)
        setActive(-1)
        setOpen(document.activeElement === inputRef.current)
      } catch {
        // Cancelled, or no answer: the form still searches.
        if (!controller.signal.aborted) setOpen(false)
      }
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query, locale])

  useEffect(() => {
    if (!isOpen) return
    const closeOutside = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) close()
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [isOpen])

  const open = (suggestion: SearchSuggestion) => {
    close()
    router.push(suggestion.path)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!count) return
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      if (!isOpen) {
        setOpen(true)
        setActive(step === 1 ? 0 : count - 1)
        return
      }
      setActive((current) =>
        current < 0 && step === -1 ? count - 1 : (current + step + count) % count,
      )
    } else if (event.key === 'Enter' && isOpen && active >= 0 && suggestions[active]) {
      event.preventDefault()
      open(suggestions[active])
    } else if (event.key === 'Escape' && isOpen) {
      // Tells the header's search panel, which Escape would close too, that it is used.
      event.preventDefault()
      close()
    } else if (event.key === 'Tab') {
      close()
    }
  }

  const isShown = isOpen && suggestions.length > 0
  return (
    <div
      className="search-combobox"
      ref={boxRef}
      onBlur={(event) => {
        if (!boxRef.current?.contains(event.relatedTarget as Node | null)) close()
      }}
    >
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        name="q"
        required
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isShown}
        aria-controls={listId}
        aria-activedescendant={isShown && active >= 0 ? optionId(active) : undefined}
        onChange={(event) => {
          setQuery(event.target.value)
          if (event.target.value.trim().length < MIN_CHARS) {
            setSuggestions([])
            close()
          }
        }}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('label')}
        className="search-suggestions"
        hidden={!isShown}
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="search-suggestion"
            // Keeps the focus in the input, so the click is not lost to its blur.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => open(suggestion)}
          >
            <span className="search-suggestion-title">{suggestion.title}</span>
            <span className="search-suggestion-meta">
              <span>{types(prefixOf(suggestion.type))}</span>
              {suggestion.review_count > 0 ? (
                <span>
                  <span aria-hidden="true">★ {suggestion.rating_average.toFixed(1)}</span>
                  <span className="visually-hidden">
                    {t('rating', { rating: suggestion.rating_average.toFixed(1) })}
                  </span>
                </span>
              ) : (
                <span>{t('no-rating')}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {isShown ? t('count', { count: suggestions.length }) : ''}
      </p>
    </div>
  )
}
