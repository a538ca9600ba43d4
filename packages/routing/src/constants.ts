// spec §9 "Business constants and limits" for routing and navigation.
export const REDIRECT_DELAY_MS = 100
export const TRACKING_WAIT_CAP_MS = 1000
export const DELAYED_NAVIGATION_NOTICE_MS = 1000
export const PAGE_DATA_RETRIES = 3
export const PREFETCH_BATCH_SIZE = 4
export const PREFETCH_INTERVAL_MS = 3000
