import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { BLOG_PAGE_SIZE, categoryOfSlug, categorySlug, pagePath, paginate, stripBlockTags } from './index.ts'
import { ContentError, DEFAULT_CONTENT_DIR, loadContent } from './load.ts'

const copies: string[] = []
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A copy of content/ with one file changed, to see how the loader reports it. */
function contentWith(file: string, edit: (text: string) => string) {
  const root = mkdtempSync(join(tmpdir(), 'lainava-content-'))
  copies.push(root)
  const dir = join(root, 'content')
  cpSync(DEFAULT_CONTENT_DIR, dir, { recursive: true })
  writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')))
  return dir
}

function problemsOf(dir: string): string[] {
  try {
    loadContent(dir)
  } catch (error) {
    if (error instanceof ContentError) return error.problems
    throw error
  }
  return []
}

describe('loadContent', () => {
  it('reads the repository content without problems', () => {
    const content = loadContent()
    expect(content.articles.length).toBeGreaterThanOrEqual(12)
    expect(content.articles[0]?.html).toContain('<p>')
  })

  it('names the file and the field of a broken frontmatter', () => {
    const dir = contentWith('fi/blog/mita-todellinen-vuosikorko-kertoo.md', (text) =>
      text.replace(/^category: .*$/m, 'category: gossip'),
    )
    const problems = problemsOf(dir)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^content\/fi\/blog\/mita-todellinen-vuosikorko-kertoo\.md: category: /)
  })

  it('rejects raw HTML, links to other sites, an unknown author and a related term that does not exist', () => {
    expect(
      problemsOf(contentWith('fi/pages/carLoan.md', (text) => `${text}\n<script>alert(1)</script>\n`))[0],
    ).toMatch(/carLoan\.md: body: raw HTML/)
    expect(
      problemsOf(contentWith('fi/pages/carLoan.md', (text) => `${text}\n[lähde](https://example.com/)\n`))[0],
    ).toMatch(/leaves the site/)
    expect(
      problemsOf(
        contentWith('fi/blog/remontin-rahoitus.md', (text) =>
          text.replace(/^author: .*$/m, 'author: nobody'),
        ),
      )[0],
    ).toMatch(/remontin-rahoitus\.md: author: "nobody"/)
    expect(
      problemsOf(
        contentWith('sv/glossary/annuitetslan.md', (text) =>
          text.replace(/^related: .*$/m, 'related: [no-such-term]'),
        ),
      )[0],
    ).toMatch(/related: no sv term "no-such-term"/)
  })

  it('requires calculator defaults on loan pages only, and a route-table screen as the file name', () => {
    const noCalculator = contentWith('fi/pages/boatLoan.md', (text) => text.replace(/^calculator: .*\n/m, ''))
    expect(problemsOf(noCalculator)[0]).toMatch(
      /boatLoan\.md: calculator: a loan page needs calculator defaults/,
    )
    const dir = contentWith('fi/pages/terms.md', (text) => text)
    writeFileSync(join(dir, 'fi/pages/noSuchScreen.md'), readFileSync(join(dir, 'fi/pages/terms.md')))
    expect(problemsOf(dir)[0]).toMatch(/noSuchScreen\.md: file name: "noSuchScreen" is not a screen/)
  })
})

describe('helpers', () => {
  it('strips opening and closing paragraph and heading tags only (spec §5 text helper)', () => {
    expect(
      stripBlockTags(
        '<h2 id="a">Otsikko</h2><p>Teksti <strong>tärkeä</strong> ja <a href="/x/">linkki</a></p>',
      ),
    ).toBe('OtsikkoTeksti <strong>tärkeä</strong> ja <a href="/x/">linkki</a>')
    expect(stripBlockTags('<P class="lead">Iso</P>')).toBe('Iso')
    expect(stripBlockTags('<pre>koodi</pre>')).toBe('<pre>koodi</pre>')
  })

  it('pages a list from 1 and answers null outside it', () => {
    const items = Array.from({ length: BLOG_PAGE_SIZE * 2 + 1 }, (_, index) => index)
    expect(paginate(items, 1)?.items).toEqual(items.slice(0, BLOG_PAGE_SIZE))
    expect(paginate(items, 3)).toEqual({ items: [BLOG_PAGE_SIZE * 2], page: 3, pageCount: 3 })
    expect(paginate(items, 4)).toBeNull()
    expect(paginate(items, 0)).toBeNull()
    expect(paginate([], 1)).toEqual({ items: [], page: 1, pageCount: 1 })
  })

  it('maps categories to each language’s slug and back, and pages to their paths', () => {
    expect(categorySlug('fi', 'money')).toBe('oma-talous')
    expect(categoryOfSlug('sv', 'foretag')).toBe('business')
    expect(categoryOfSlug('fi', 'loans')).toBeNull()
    expect(pagePath({ screen: 'whyProduct', param: 'lainava' }, 'fi')).toBe('/mika-on-lainava/')
    expect(pagePath({ screen: 'carLoan', param: null }, 'en')).toBe('/en/autolaina/')
  })
})
