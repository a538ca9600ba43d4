import { APPLICATION_KINDS, RECIPIENT_STATUSES } from '@lainava/domain'
import { z } from 'zod'

// GDPR art. 15 and 20: the one schema of the data export. The route answers with it and the
// service's return type is inferred from it, so the document and its OpenAPI description agree.
// Field names follow the database columns (camelCase) so a test can compare every row we hold.

const Time = z.string().describe('ISO 8601 time')
const Json = z.record(z.string(), z.unknown())

const ApplicantExportSchema = z.object({
  id: z.uuid(),
  role: z.string().describe('"main" (you) or "co" (the co-applicant you entered)'),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  hetu: z
    .string()
    .nullable()
    .describe('Your own personal identity code; a co-applicant’s is never included (GDPR art. 15(4))'),
  details: Json.describe('Address, housing, work, debts and the rest of what was entered'),
})

const RecipientExportSchema = z.object({
  lenderId: z.uuid(),
  lenderName: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  deliveredAt: Time.nullable(),
  answeredAt: Time.nullable(),
  declineReason: z.string().nullable(),
  redirectionUrl: z.string().nullable().describe('A mortgage bank’s page for its extra step'),
  createdAt: Time,
})

const OfferExportSchema = z.object({
  id: z.uuid(),
  lenderId: z.uuid(),
  lenderName: z.string(),
  status: z.enum(['offered', 'accepted', 'expired', 'withdrawn']),
  amount: z.number(),
  months: z.number().int(),
  nominalRate: z.number().describe('Fraction: 0.099 = 9.9 %'),
  openingFee: z.number(),
  monthlyFee: z.number(),
  feeFinanced: z.boolean(),
  monthlyPayment: z.number(),
  apr: z.number().describe('Fraction: 0.1123 = 11.23 %'),
  totalCost: z.number(),
  totalPayable: z.number(),
  validUntil: Time,
  secciUrl: z.string().nullable(),
  lenderReference: z.string().nullable(),
  createdAt: Time,
  acceptedAt: Time.nullable(),
  lenderNotifiedAt: Time.nullable(),
  cardType: z.string().nullable().describe('Credit card offers: the card'),
  exampleAmount: z
    .number()
    .nullable()
    .describe('Credit card offers: the amount of the representative example'),
  annualFee: z.number().nullable(),
  gracePeriodDays: z.number().int().nullable(),
  personalGuarantee: z.boolean().describe('Business offers: a personal guarantee is asked for'),
})

const NoteExportSchema = z.object({
  id: z.uuid(),
  authorId: z.uuid().nullable().describe('The staff member who wrote it'),
  text: z.string(),
  createdAt: Time,
})

const RefusedOfferExportSchema = z.object({
  id: z.uuid(),
  lenderId: z.uuid(),
  lenderName: z.string(),
  terms: z.unknown().describe('The terms the lender sent'),
  violations: z.unknown().describe('Why we refused them (over a legal cap)'),
  createdAt: Time,
})

export const UserDataExportSchema = z
  .object({
    exportedAt: Time,
    account: z.object({
      id: z.uuid(),
      email: z.string().nullable(),
      role: z.enum(['consumer', 'lender', 'admin']),
      lenderId: z.uuid().nullable(),
      language: z.string(),
      createdAt: Time,
      lastLoginAt: Time.nullable(),
    }),
    consents: z.object({
      marketingEmail: z.boolean(),
      sms: z.boolean(),
      partnerOffers: z.boolean(),
      analyticsCookies: z.boolean(),
      offerNotifications: z.boolean(),
      updatedAt: Time.nullable().describe('null: never changed (the defaults apply)'),
    }),
    sessions: z
      .array(
        z.object({
          id: z.uuid(),
          createdAt: Time,
          revokedAt: Time.nullable(),
          revokedReason: z.string().nullable(),
          accessTokens: z.array(z.object({ createdAt: Time, expiresAt: Time })),
          refreshTokens: z.array(z.object({ createdAt: Time, expiresAt: Time, usedAt: Time.nullable() })),
        }),
      )
      .describe('Logins (the tokens themselves are stored only as hashes and are not included)'),
    loginLinks: z.array(
      z.object({
        id: z.uuid(),
        language: z.string(),
        returnTo: z.string(),
        attempts: z.number().int().describe('Wrong codes entered'),
        createdAt: Time,
        expiresAt: Time,
        usedAt: Time.nullable(),
      }),
    ),
    drafts: z.array(
      z.object({
        id: z.uuid(),
        kind: z.enum(APPLICATION_KINDS),
        step: z.string(),
        data: Json.describe('The form as saved (a co-applicant’s identity code left out)'),
        createdAt: Time,
        updatedAt: Time,
        submittedAt: Time.nullable(),
      }),
    ),
    mortgageApplications: z.array(
      z.object({
        id: z.uuid(),
        status: z.string(),
        step: z.string(),
        hasCoApplicant: z.boolean(),
        data: Json.describe('The mortgage form as saved (a co-applicant’s identity code left out)'),
        callbackUrl: z.string().nullable(),
        redirectionUrl: z.string().nullable(),
        identificationId: z.uuid().nullable(),
        applicationId: z.uuid().nullable(),
        createdAt: Time,
        updatedAt: Time,
        submittedAt: Time.nullable(),
      }),
    ),
    identifications: z
      .array(
        z.object({
          id: z.uuid(),
          mortgageApplicationId: z.uuid().nullable(),
          method: z.string(),
          provider: z.string(),
          level: z.string(),
          identifiedAt: Time,
        }),
      )
      .describe('Strong identifications: how, where and when (the identity code itself is not stored)'),
    applications: z.array(
      z.object({
        id: z.uuid(),
        kind: z.enum(APPLICATION_KINDS),
        status: z.string(),
        idempotencyKey: z.string(),
        amount: z.number(),
        periodMonths: z.number().int(),
        purpose: z.string().nullable(),
        language: z.string(),
        businessId: z.string().nullable().describe('Business applications: the company’s Y-tunnus'),
        companyName: z.string().nullable(),
        details: Json,
        createdAt: Time,
        anonymisedAt: Time.nullable(),
        firstOffersNotifiedAt: Time.nullable(),
        allAnsweredNotifiedAt: Time.nullable(),
        applicants: z.array(ApplicantExportSchema),
        recipients: z.array(RecipientExportSchema).describe('The lenders the application was sent to'),
        offers: z.array(OfferExportSchema),
        refusedOffers: z.array(RefusedOfferExportSchema),
        notes: z.array(NoteExportSchema).describe('Our staff’s notes on the application'),
      }),
    ),
    contactMessages: z.array(
      z.object({
        id: z.uuid(),
        topic: z.string(),
        language: z.string(),
        name: z.string(),
        email: z.string(),
        message: z.string(),
        createdAt: Time,
        handledAt: Time.nullable(),
      }),
    ),
    emails: z
      .array(
        z.object({
          id: z.uuid(),
          kind: z.string(),
          subject: z.string(),
          text: z.string(),
          html: z.string(),
          createdAt: Time,
          sentAt: Time.nullable(),
          error: z.string().nullable(),
        }),
      )
      .describe('E-mails to you that we keep (only when they are kept in the outbox)'),
  })
  .meta({ id: 'UserDataExport' })

export type UserDataExport = z.output<typeof UserDataExportSchema>
