import type { IdentificationStatus } from '@lainava/domain/identification'
import { type IdentificationDeps, identificationStatusFor } from './identification-service.ts'

/** What the web's bank ID and identification status pages ask of this module (ADR 024). */
export type IdentificationWebServices = {
  /** The person's mortgage application (this one, else the latest) and its identification; null when none is theirs. */
  status(input: {
    userId: string
    mortgageApplicationId: string | null
  }): Promise<IdentificationStatus | null>
}

export function identificationWebServices(deps: IdentificationDeps): IdentificationWebServices {
  return {
    status: ({ userId, mortgageApplicationId }) =>
      identificationStatusFor(deps, userId, mortgageApplicationId),
  }
}
