// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ProgressSteps } from './progress-steps.tsx'

afterEach(cleanup)

const steps = ['Loan', 'Applicant', 'Income', 'Expenses', 'Summary']

describe('ProgressSteps', () => {
  it('marks only the current step with aria-current="step"', () => {
    render(
      <ProgressSteps steps={steps} current={1} progressLabel="Step 2 of 5" stepsLabel="Application steps" />,
    )
    const list = screen.getByRole('list', { name: 'Application steps' })
    expect(list.tagName).toBe('OL')
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(5)
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, 'step', null, null, null])
    expect(items[1]?.textContent).toContain('Applicant')
  })

  it('has a progressbar named by the given label with step values', () => {
    render(<ProgressSteps steps={steps} current={1} progressLabel="Step 2 of 5" />)
    const bar = screen.getByRole('progressbar', { name: 'Step 2 of 5' })
    expect(bar.getAttribute('aria-valuenow')).toBe('2')
    expect(bar.getAttribute('aria-valuemin')).toBe('0')
    expect(bar.getAttribute('aria-valuemax')).toBe('5')
  })

  it('tells screen readers which steps are done', () => {
    render(<ProgressSteps steps={steps} current={2} progressLabel="Step 3 of 5" completedLabel="done" />)
    const items = screen.getAllByRole('listitem')
    expect(items[0]?.textContent).toContain('Loan done')
    expect(items[1]?.textContent).toContain('Applicant done')
    expect(items[2]?.textContent).not.toContain('done')
  })

  it('keeps an out-of-range current step within the steps', () => {
    render(<ProgressSteps steps={steps} current={9} progressLabel="Step 5 of 5" />)
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5')
    expect(screen.getAllByRole('listitem')[4]?.getAttribute('aria-current')).toBe('step')
  })
})
