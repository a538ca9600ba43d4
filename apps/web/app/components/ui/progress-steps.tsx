import { useId } from 'react'
import { cx } from './field.tsx'

export type ProgressStepsProps = {
  /** Step names in order. */
  steps: readonly string[]
  /** Index of the current step, from 0. */
  current: number
  /** Visible text naming the progress bar, e.g. "Step 2 of 5". */
  progressLabel: string
  /** Accessible name of the step list, e.g. "Application steps". */
  stepsLabel?: string
  /** Screen-reader text after each finished step, e.g. "completed". */
  completedLabel?: string
  className?: string
}

/** Progress of a multi-step form: a bar with "Step n of m" and the list of steps. */
export function ProgressSteps({
  steps,
  current,
  progressLabel,
  stepsLabel,
  completedLabel,
  className,
}: ProgressStepsProps) {
  const labelId = useId()
  const total = steps.length
  const index = Math.min(Math.max(current, 0), Math.max(total - 1, 0))
  const stepNumber = total === 0 ? 0 : index + 1
  const percent = total === 0 ? 0 : (stepNumber / total) * 100
  return (
    <div className={cx('flex flex-col gap-3', className)}>
      <p id={labelId} className="text-sm font-medium text-slate-700">
        {progressLabel}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={stepNumber}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
      <ol aria-label={stepsLabel} className="flex gap-2">
        {steps.map((step, stepIndex) => {
          const done = stepIndex < index
          const isCurrent = stepIndex === index
          return (
            <li
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              className={cx(
                'flex flex-1 items-center gap-2 text-sm',
                isCurrent ? 'font-semibold text-brand-800' : done ? 'text-slate-700' : 'text-slate-600',
              )}
            >
              <span
                aria-hidden="true"
                className={cx(
                  'flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold',
                  isCurrent && 'border-brand-700 bg-white text-brand-800',
                  done && 'border-brand-700 bg-brand-700 text-white',
                  !isCurrent && !done && 'border-slate-400 bg-white text-slate-600',
                )}
              >
                {done ? <CheckIcon /> : stepIndex + 1}
              </span>
              {/* On small screens only the current step's name is shown; all stay readable. */}
              <span className={isCurrent ? undefined : 'sr-only sm:not-sr-only'}>
                {step}
                {done && completedLabel ? <span className="sr-only">{` ${completedLabel}`}</span> : null}
              </span>
            </li>
          )
        })}
      </ol>
    </div>
  )
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" className="size-4" fill="none" aria-hidden="true">
      <path
        d="M3 8.5l3 3 7-7"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
