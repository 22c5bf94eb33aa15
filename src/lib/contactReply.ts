/**
 * The mail a contact message's reply becomes, in the sender's language: its subject, and around
 * the reply the greeting, the signature and the quoted message. The server sends it; the reply
 * dialog shows it as it will be sent, from the same parts.
 */
export type ContactReplyFrame = {
  subject: string
  greeting: string
  signature: string
  /** "On 5 May 2026 you wrote to us:", before the quoted message. */
  quoteIntro: string
}

/** The mail's text: greeting, reply, signature, then the sender's message quoted. */
export const contactReplyText = ({
  frame,
  reply,
  message,
}: {
  frame: ContactReplyFrame
  reply: string
  message: string
}) =>
  [
    frame.greeting,
    '',
    reply,
    '',
    frame.signature,
    '',
    frame.quoteIntro,
    ...message.split('\n').map((line) => `> ${line}`),
  ].join('\n')
