import { describe, expect, it } from 'vitest'

import { blocksToLexical, inlineNodes } from '@/seed/lexical'

describe('demo content as Lexical documents', () => {
  it('should turn blocks into headings, paragraphs, lists and quotes', () => {
    const { root } = blocksToLexical([
      { h2: 'Title' },
      { p: 'Text' },
      { ul: ['a', 'b'] },
      { ol: ['one'] },
      { quote: 'Said' },
    ])
    expect(root.children.map((node) => [node.type, 'tag' in node ? node.tag : null])).toEqual([
      ['heading', 'h2'],
      ['paragraph', null],
      ['list', 'ul'],
      ['list', 'ol'],
      ['quote', null],
    ])
    const list = root.children[2] as { children: { type: string; value: number }[] }
    expect(list.children.map((item) => [item.type, item.value])).toEqual([
      ['listitem', 1],
      ['listitem', 2],
    ])
  })

  it('should write the node shapes Payload stores', () => {
    const { root } = blocksToLexical([{ h3: 'Sub' }, { p: 'Plain text' }, { quote: '**Bold**' }])
    expect(root).toMatchObject({
      type: 'root',
      direction: 'ltr',
      format: '',
      indent: 0,
      version: 1,
    })
    expect(root.children[0]).toMatchObject({ type: 'heading', tag: 'h3' })
    expect(root.children[1]).toEqual({
      type: 'paragraph',
      direction: 'ltr',
      format: '',
      indent: 0,
      version: 1,
      textFormat: 0,
      textStyle: '',
      children: [
        {
          type: 'text',
          text: 'Plain text',
          format: 0,
          style: '',
          mode: 'normal',
          detail: 0,
          version: 1,
        },
      ],
    })
    expect(root.children[2]).toMatchObject({
      type: 'quote',
      children: [{ type: 'text', text: 'Bold', format: 1 }],
    })
    expect(inlineNodes('[x](https://example.org/a)')[0]).toMatchObject({
      type: 'link',
      version: 3,
      direction: 'ltr',
      fields: { linkType: 'custom', url: 'https://example.org/a', newTab: false },
    })
  })

  it('should read bold text and links inside text', () => {
    const nodes = inlineNodes(
      'See **this** and [the FAQ](/faqs), or [ours](https://example.com/x).',
    )
    expect(nodes.map((node) => node.type)).toEqual([
      'text',
      'text',
      'text',
      'link',
      'text',
      'link',
      'text',
    ])
    expect(nodes[1]).toMatchObject({ text: 'this', format: 1 })
    expect(nodes[3]).toMatchObject({ fields: { url: '/faqs' }, children: [{ text: 'the FAQ' }] })
    expect(nodes[5]).toMatchObject({ fields: { url: 'https://example.com/x' } })
    expect(inlineNodes('plain')).toEqual([expect.objectContaining({ text: 'plain', format: 0 })])
  })
})
