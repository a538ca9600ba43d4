import { DELAYED_NAVIGATION_NOTICE_MS } from '@lainava/routing'
import { useEffect, useState } from 'react'
import { useI18n } from '../../lib/i18n.tsx'
import { useNavigation } from '../../lib/router.tsx'

/** spec §9: a navigation that takes longer than 1 s shows a notice and a progress bar. */
export function NavigationNotice() {
  const { t } = useI18n()
  const navigating = useNavigation().state !== 'idle'
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    if (!navigating) {
      setSlow(false)
      return
    }
    const timer = setTimeout(() => setSlow(true), DELAYED_NAVIGATION_NOTICE_MS)
    return () => clearTimeout(timer)
  }, [navigating])
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50">
      {slow ? (
        <div className="flex flex-col items-center">
          <div className="h-1 w-full animate-pulse bg-brand-700" />
          <p className="mt-2 rounded-md bg-white px-3 py-1 text-sm text-slate-900 shadow">
            {t('navigation.delayed')}
          </p>
        </div>
      ) : null}
    </div>
  )
}
