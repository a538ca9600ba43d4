import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isScreenName, patternFor } from '@lainava/routing'
import { Marked, type Token } from 'marked'
import { parse as parseYaml } from 'yaml'
import type { z } from 'zod'
import {
  type Article,
  CONTENT_LANGUAGES,
  type Content,
  type ContentLanguage,
  type ContentPage,
  type FaqEntry,
  type GlossaryTerm,
} from './index.ts'
import {
  ArticleFrontmatter,
  AuthorsFile,
  EuriborFile,
  FaqFrontmatter,
  GlossaryFrontmatter,
  PageFrontmatter,
} from './schemas.ts'

// Reads content/ (content/README.md): every file's frontmatter through its zod schema,
// the Markdown body to HTML, and the cross-references (authors, related terms, route
// screens). All problems are collected, so one run lists every broken file and field.

export const DEFAULT_CONTENT_DIR = fileURLToPath(new URL('../../../content/', import.meta.url))

export class ContentError extends Error {
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`Content has ${problems.length} problem(s):\n${problems.map((line) => `  - ${line}`).join('\n')}`)
    this.name = 'ContentError'
    this.problems = problems
  }
}

const FILE_NAME = /^[a-z0-9]+(-[a-z0-9]+)*\.md$/
const PAGE_FILE_NAME = /^([a-zA-Z]+)(?:-([a-z0-9]+(?:-[a-z0-9]+)*))?\.md$/
const FAQ_FILE_NAME = /^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/

type Parsed<T> = { data: T; body: string; html: string; words: number }

export function loadContent(dir: string = DEFAULT_CONTENT_DIR): Content {
  const problems: string[] = []
  const where = (file: string) => relative(join(dir, '..'), file)
  // Every file read goes into the fingerprint, so prerendered pages can tell whether they are current.
  const fingerprint = createHash('sha256')
  const read = (file: string) => {
    const text = readFileSync(file, 'utf8')
    fingerprint.update(`${where(file)}\0${text}\0`)
    return text
  }

  const markdown = new Marked({ gfm: true, async: false })

  function render(file: string, body: string): string {
    const tokens = markdown.lexer(body)
    markdown.walkTokens(tokens, (token: Token) => {
      if (token.type === 'html')
        problems.push(`${where(file)}: body: raw HTML is not allowed (${token.raw.trim()})`)
      if (token.type === 'heading' && token.depth === 1) {
        problems.push(`${where(file)}: body: headings start at "##" (the page's title is the h1)`)
      }
      if (token.type === 'image') problems.push(`${where(file)}: body: images are not allowed`)
      if (token.type === 'link' && !/^\/(?!\/)/.test(token.href) && !token.href.startsWith('#')) {
        problems.push(
          `${where(file)}: body: link "${token.href}" leaves the site; only site paths are allowed`,
        )
      }
    })
    return markdown.parser(tokens)
  }

  function parseFile<S extends z.ZodType>(file: string, schema: S): Parsed<z.output<S>> | null {
    const text = read(file)
    const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text)
    if (!match) {
      problems.push(`${where(file)}: frontmatter: missing (the file starts with a "---" block)`)
      return null
    }
    let raw: unknown
    try {
      raw = parseYaml(match[1] ?? '')
    } catch (error) {
      problems.push(
        `${where(file)}: frontmatter: not valid YAML (${(error as Error).message.split('\n')[0]})`,
      )
      return null
    }
    const result = schema.safeParse(raw ?? {})
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push(`${where(file)}: ${issue.path.join('.') || 'frontmatter'}: ${issue.message}`)
      }
      return null
    }
    const body = match[2] ?? ''
    if (body.trim().length === 0) problems.push(`${where(file)}: body: empty`)
    return {
      data: result.data,
      body,
      html: render(file, body),
      words: body.split(/\s+/).filter(Boolean).length,
    }
  }

  function markdownFiles(language: ContentLanguage, folder: string, pattern = FILE_NAME): string[] {
    const path = join(dir, language, folder)
    if (!existsSync(path)) return []
    return readdirSync(path)
      .filter((name) => {
        if (!name.endsWith('.md')) return false
        if (!pattern.test(name)) problems.push(`${where(join(path, name))}: file name: ${pattern} expected`)
        return pattern.test(name)
      })
      .sort()
      .map((name) => join(path, name))
  }

  const authorsFile = join(dir, 'authors.yaml')
  const authorsResult = AuthorsFile.safeParse(parseYaml(read(authorsFile)))
  if (!authorsResult.success) {
    for (const issue of authorsResult.error.issues) {
      problems.push(`${where(authorsFile)}: ${issue.path.join('.')}: ${issue.message}`)
    }
  }
  const authors = authorsResult.success ? authorsResult.data : []

  const euriborFile = join(dir, 'data', 'euribor.json')
  const euriborResult = EuriborFile.safeParse(JSON.parse(read(euriborFile)))
  if (!euriborResult.success) {
    for (const issue of euriborResult.error.issues) {
      problems.push(`${where(euriborFile)}: ${issue.path.join('.')}: ${issue.message}`)
    }
  }
  const euribor = euriborResult.success
    ? {
        ...euriborResult.data,
        values: [...euriborResult.data.values].sort((a, b) => a.month.localeCompare(b.month)),
      }
    : { series: '', source: '', values: [] }

  const articles: Article[] = []
  const glossary: GlossaryTerm[] = []
  const faq: FaqEntry[] = []
  const pages: ContentPage[] = []

  for (const lang of CONTENT_LANGUAGES) {
    const keys = new Set<string>()
    for (const file of markdownFiles(lang, 'blog')) {
      const parsed = parseFile(file, ArticleFrontmatter)
      if (!parsed) continue
      const { data } = parsed
      if (!authors.some((author) => author.id === data.author)) {
        problems.push(`${where(file)}: author: "${data.author}" is not in authors.yaml`)
      }
      if (keys.has(data.translationKey))
        problems.push(`${where(file)}: translationKey: used twice in ${lang}`)
      keys.add(data.translationKey)
      articles.push({
        lang,
        uid: file.slice(file.lastIndexOf('/') + 1, -3),
        ...data,
        html: parsed.html,
        readingMinutes: Math.max(1, Math.round(parsed.words / 200)),
      })
    }

    const termKeys = new Set<string>()
    const terms: Array<{ file: string; term: GlossaryTerm }> = []
    for (const file of markdownFiles(lang, 'glossary')) {
      const parsed = parseFile(file, GlossaryFrontmatter)
      if (!parsed) continue
      if (termKeys.has(parsed.data.translationKey)) {
        problems.push(`${where(file)}: translationKey: used twice in ${lang}`)
      }
      termKeys.add(parsed.data.translationKey)
      const term = {
        lang,
        slug: file.slice(file.lastIndexOf('/') + 1, -3),
        ...parsed.data,
        html: parsed.html,
      }
      terms.push({ file, term })
      glossary.push(term)
    }
    for (const { file, term } of terms) {
      for (const related of term.related) {
        if (!termKeys.has(related)) problems.push(`${where(file)}: related: no ${lang} term "${related}"`)
      }
    }

    for (const file of markdownFiles(lang, 'faq', FAQ_FILE_NAME)) {
      const parsed = parseFile(file, FaqFrontmatter)
      if (!parsed) continue
      const [, order, slug] = FAQ_FILE_NAME.exec(file.slice(file.lastIndexOf('/') + 1)) ?? []
      faq.push({ lang, order: Number(order), slug: slug ?? '', ...parsed.data, html: parsed.html })
    }

    for (const file of markdownFiles(lang, 'pages', PAGE_FILE_NAME)) {
      const [, screen = '', param = null] = PAGE_FILE_NAME.exec(file.slice(file.lastIndexOf('/') + 1)) ?? []
      if (!isScreenName(screen)) {
        problems.push(`${where(file)}: file name: "${screen}" is not a screen of the route table`)
        continue
      }
      const takesParam = patternFor(screen, 'fi').includes(':')
      if (takesParam !== (param !== null)) {
        problems.push(
          `${where(file)}: file name: ${takesParam ? 'this screen needs "-<parameter>"' : 'this screen takes no parameter'}`,
        )
        continue
      }
      const parsed = parseFile(file, PageFrontmatter)
      if (!parsed) continue
      const { data } = parsed
      pages.push({
        lang,
        screen,
        param,
        title: data.title,
        heading: data.heading,
        description: data.description,
        kind: data.kind,
        calculator: data.calculator ?? null,
        purpose: data.purpose ?? null,
        product: data.product ?? (data.kind === 'loan' ? 'consumer' : null),
        updated: data.updated ?? null,
        html: parsed.html,
      })
    }
  }

  for (const lang of CONTENT_LANGUAGES.filter((language) => language !== 'fi')) {
    for (const entry of faq.filter((item) => item.lang === lang)) {
      if (!faq.some((item) => item.lang === 'fi' && item.order === entry.order)) {
        problems.push(`content/${lang}/faq: question ${entry.order} has no Finnish original`)
      }
    }
  }

  if (problems.length > 0) throw new ContentError(problems)
  articles.sort((a, b) => b.published.localeCompare(a.published) || a.uid.localeCompare(b.uid))
  faq.sort((a, b) => a.order - b.order)
  glossary.sort((a, b) => a.term.localeCompare(b.term, a.lang))
  return { articles, glossary, faq, pages, authors, euribor, fingerprint: fingerprint.digest('hex') }
}
