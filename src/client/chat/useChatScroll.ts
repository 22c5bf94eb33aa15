import { useLayoutEffect, useRef, useState } from 'react'

/** How close to the bottom (px) still counts as following the newest messages. */
const FOLLOW_SLACK = 80

/**
 * The chat log's scrolling: it follows the newest message while the reader is at the bottom,
 * keeps the reader's place when older messages are put above, and otherwise tells that new ones
 * came below (`unseen`).
 */
export const useChatScroll = ({ messages }: { messages: readonly { id: number }[] }) => {
  const logRef = useRef<HTMLDivElement>(null)
  const following = useRef(true)
  const keepOffset = useRef<number | null>(null)
  const newestSeen = useRef(0)
  const [unseen, setUnseen] = useState(false)

  useLayoutEffect(() => {
    const element = logRef.current
    const newest = messages.at(-1)?.id ?? 0
    const arrived = newest > newestSeen.current
    newestSeen.current = newest
    if (!element) return
    if (keepOffset.current !== null) {
      element.scrollTop = element.scrollHeight - keepOffset.current
      keepOffset.current = null
    } else if (following.current) {
      element.scrollTop = element.scrollHeight
    } else if (arrived) {
      setUnseen(true)
    }
  }, [messages])

  /** Notes whether the reader follows the bottom; true when they are near the top. */
  const onScroll = () => {
    const element = logRef.current
    if (!element) return false
    following.current =
      element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_SLACK
    if (following.current) setUnseen(false)
    return element.scrollTop < FOLLOW_SLACK
  }

  const toNewest = () => {
    following.current = true
    setUnseen(false)
    logRef.current?.scrollTo({ top: logRef.current.scrollHeight })
  }

  return {
    logRef,
    unseen,
    onScroll,
    toNewest,
    /** Follow the bottom again (the room reloaded, the reader wrote). */
    follow: () => {
      following.current = true
    },
    /** Keep the reader's place while messages are put above. */
    keepPlace: () => {
      const element = logRef.current
      if (element) keepOffset.current = element.scrollHeight - element.scrollTop
    },
  }
}
