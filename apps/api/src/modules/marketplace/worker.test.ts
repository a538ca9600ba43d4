import { describe, expect, it } from 'vitest'
import { JOB_EXPIRE_SECONDS } from '../../jobs/job-queue.ts'
import { REQUEST_TIMEOUT_MS } from './partner-client.ts'
import { DELIVERY_BATCH, deliveryBatchShape } from './worker.ts'

// ADR 056, amendment of 2026-11-24: the one-by-one deliveries of every delivery loop share
// WORKER_CONCURRENCY places, so a batch of lenders that each run to the HTTP timeout ends after
// ceil(loops × batch / concurrency) timeouts. Past the jobs' expiry pg-boss fails the batch and a
// retry can send an application to a lender twice.

/** The slowest batch's end when every one-by-one delivery of every loop runs to the timeout (ms). */
function slowestBatchMs(concurrency: number): number {
  const { batchSize, loops } = deliveryBatchShape(concurrency)
  return Math.ceil((loops * batchSize) / concurrency) * REQUEST_TIMEOUT_MS
}

describe('the delivery batches', () => {
  it('end within two thirds of the jobs’ expiry at every allowed WORKER_CONCURRENCY', () => {
    // 1-256: the config's range.
    const late = Array.from({ length: 256 }, (_, i) => i + 1).filter(
      (concurrency) => slowestBatchMs(concurrency) > (JOB_EXPIRE_SECONDS * 1000 * 2) / 3,
    )
    expect(late).toEqual([])
  })

  it('use every place with at least two loops, each batch at most DELIVERY_BATCH', () => {
    for (let concurrency = 1; concurrency <= 256; concurrency++) {
      const { batchSize, loops } = deliveryBatchShape(concurrency)
      expect(loops).toBeGreaterThanOrEqual(2)
      expect(batchSize).toBeGreaterThanOrEqual(1)
      expect(batchSize).toBeLessThanOrEqual(DELIVERY_BATCH)
      expect(loops * batchSize).toBeGreaterThanOrEqual(concurrency)
    }
  })

  it('are full size at the default concurrency and smaller at the README’s smallest', () => {
    // 16 (the default): 2 × 64 deliveries, 8 timeouts = 80 s. 4: the uncapped 64 took 32 timeouts
    // (320 s, past the 120 s expiry); 2 × 16 take 8.
    expect(deliveryBatchShape(16)).toEqual({ batchSize: DELIVERY_BATCH, loops: 2 })
    expect(slowestBatchMs(16)).toBe(80_000)
    expect(deliveryBatchShape(4)).toEqual({ batchSize: 16, loops: 2 })
    expect(deliveryBatchShape(256)).toEqual({ batchSize: DELIVERY_BATCH, loops: 4 })
  })
})
