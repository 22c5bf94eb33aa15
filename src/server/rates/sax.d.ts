// The part of sax (a dependency of its own, also Payload's) that the feeds' parser uses: it has
// no types of its own.
declare module 'sax' {
  export type Tag = { name: string }
  export interface SAXParser {
    onopentag: (tag: Tag) => void
    onclosetag: (name: string) => void
    ontext: (text: string) => void
    oncdata: (text: string) => void
    onerror: (error: Error) => void
    error: Error | null
    resume(): SAXParser
    write(chunk: string): SAXParser
    close(): SAXParser
  }
  export function parser(
    strict: boolean,
    options?: { lowercase?: boolean; trim?: boolean; strictEntities?: boolean },
  ): SAXParser
}
