import type { LenderCriteria, LenderFiltering, SandboxPricing } from '@lainava/domain/marketplace/index'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/**
 * Lender organisations. The marketplace adds criteria, products and the
 * integration; the foundation keeps the public profile the content pages show.
 */
/**
 * `manual`: a lender without an API answers in the lender portal (`/lender/applications/`, issue 17).
 */
export const lenderIntegration = pgEnum('lender_integration', ['sandbox', 'http', 'manual'])

/** Criteria and filtering are validated by the domain types (`@lainava/domain` marketplace). */
export const lenders = pgTable('lenders', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  active: boolean('active').notNull().default(true),
  integration: lenderIntegration('integration').notNull().default('sandbox'),
  criteria: jsonb('criteria').$type<LenderCriteria>().notNull(),
  filtering: jsonb('filtering').$type<LenderFiltering>().notNull(),
  /** Sandbox lenders only: pricing and answer delay of the decision model. */
  sandbox: jsonb('sandbox').$type<SandboxPricing>(),
  /** HTTP lenders only: where applications are POSTed. */
  endpointUrl: text('endpoint_url'),
  /** HTTP lenders only: the HMAC secret for our requests, encrypted (AES-256-GCM). */
  signingSecretEncrypted: text('signing_secret_encrypted'),
  // API keys are in lender_api_keys (migration 0007 copied the old single key there; ADR 028).
  /** The signing secret before the last rotation, valid until `previousSigningSecretUntil` (grace period). */
  previousSigningSecretEncrypted: text('previous_signing_secret_encrypted'),
  previousSigningSecretUntil: timestamp('previous_signing_secret_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const userRole = pgEnum('user_role', ['consumer', 'lender', 'admin'])

/**
 * Accounts. One role each (product decisions): consumers sign up by logging in;
 * lender users (of one lender organisation) and admins are invited.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Lower-cased; null once the account is deleted (anonymised). */
    email: text('email'),
    role: userRole('role').notNull().default('consumer'),
    lenderId: uuid('lender_id').references(() => lenders.id),
    /** Lender users only: `lender-admin` manages users, keys and filters; `lender-agent` handles applications. */
    lenderRole: text('lender_role'),
    language: text('language').notNull().default('fi'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    check('users_lender_has_lender', sql`(${table.role} = 'lender') = (${table.lenderId} is not null)`),
    check(
      'users_lender_role',
      sql`(${table.role} = 'lender') = (${table.lenderRole} is not null) and (${table.lenderRole} is null or ${table.lenderRole} in ('lender-admin', 'lender-agent'))`,
    ),
  ],
)

/** A passwordless login: a one-time link token and a 6-digit code, both stored only as hashes. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    returnTo: text('return_to').notNull().default('/'),
    language: text('language').notNull().default('fi'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('login_challenges_email').on(table.email, table.createdAt)],
)

/** A login: one family of rotating refresh tokens; revoking it ends every access session in it. */
export const sessionFamilies = pgTable('session_families', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
})

/** Short-lived access sessions (the cookie holds the token; we keep its hash). */
export const accessSessions = pgTable('access_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  familyId: uuid('family_id')
    .notNull()
    .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Refresh tokens: each is used once; a second use of one revokes its family. */
export const refreshTokens = pgTable('refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  familyId: uuid('family_id')
    .notNull()
    .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Fixed-window counters shared by every server process (rate limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})

/** GDPR consents, one row per user (product decisions: analytics and marketing only after consent). */
export const consents = pgTable('consents', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  marketingEmail: boolean('marketing_email').notNull().default(false),
  sms: boolean('sms').notNull().default(false),
  partnerOffers: boolean('partner_offers').notNull().default(false),
  analyticsCookies: boolean('analytics_cookies').notNull().default(false),
  /** Service e-mails about the user's own applications (offers arrived, every lender answered). */
  offerNotifications: boolean('offer_notifications').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Every e-mail we send; with no SMTP configured it stays here for the local mailbox. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (table) => [index('outbox_emails_to').on(table.toAddress, table.createdAt)],
)

export const applicationKind = pgEnum('application_kind', [
  'consumer-loan',
  'credit-card',
  'business-loan',
  'factoring',
  'mortgage',
])

/**
 * Saved progress of an application form, tied to the browser (a cookie whose
 * hash is stored) and, after login, to the user. The form data holds personal
 * identity numbers, so it is stored encrypted as a whole.
 */
export const applicationDrafts = pgTable(
  'application_drafts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    browserTokenHash: text('browser_token_hash').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: applicationKind('kind').notNull(),
    step: text('step').notNull(),
    dataEncrypted: text('data_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('application_drafts_browser_kind').on(table.browserTokenHash, table.kind),
    index('application_drafts_user').on(table.userId, table.updatedAt),
  ],
)

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: applicationKind('kind').notNull(),
    status: text('status').notNull().default('submitted'),
    /** The client's key for this submission: a retried or double-clicked submit finds the same row. */
    idempotencyKey: text('idempotency_key').notNull(),
    amount: integer('amount').notNull(),
    periodMonths: integer('period_months').notNull(),
    purpose: text('purpose'),
    language: text('language').notNull().default('fi'),
    /** Business applications: the company's Y-tunnus and name, for the admins' search (not personal data). */
    businessId: text('business_id'),
    companyName: text('company_name'),
    /** Where the applicant came from (`direct`, `search`, `affiliate:<network>`, …): lender insights by source. */
    trafficSource: text('traffic_source'),
    /** Everything else of the form except identity numbers (those are in applicants, encrypted). */
    details: jsonb('details').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /** When the "first offers" e-mail was handled (sent, or skipped by the user's settings). */
    firstOffersNotifiedAt: timestamp('first_offers_notified_at', { withTimezone: true }),
    /** When the "every lender has answered" e-mail was handled. */
    allAnsweredNotifiedAt: timestamp('all_answered_notified_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('applications_user_idempotency').on(table.userId, table.idempotencyKey),
    index('applications_user').on(table.userId, table.createdAt),
    index('applications_kind_created').on(table.kind, table.createdAt),
    index('applications_business_id').on(table.businessId),
  ],
)

export const applicants = pgTable(
  'applicants',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    /** AES-256-GCM; never logged, never in details. */
    hetuEncrypted: text('hetu_encrypted'),
    /** Keyed hash for matching the same person without decrypting. */
    hetuHash: text('hetu_hash'),
    details: jsonb('details').notNull(),
  },
  (table) => [uniqueIndex('applicants_application_role').on(table.applicationId, table.role)],
)

/** `processing` and `info-requested`: a bank's intermediate answers on a mortgage application (issue 16). */
export const recipientStatus = pgEnum('recipient_status', [
  'pending',
  'offered',
  'declined',
  'processing',
  'info-requested',
])

/** The lenders an application is sent to (shown to the applicant), and each one's answer. */
export const applicationRecipients = pgTable(
  'application_recipients',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    lenderId: uuid('lender_id')
      .notNull()
      .references(() => lenders.id),
    status: recipientStatus('status').notNull().default('pending'),
    /** When the application reached an HTTP lender (it answers later through the lender API). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /**
     * A mortgage bank's own page for its extra step (issue 16 item 7), sent with `info-requested`;
     * kept only on MORTGAGE_CALLBACK_HOSTS. The status page links there ("Jatka pankin sivuilla").
     */
    redirectionUrl: text('redirection_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('application_recipients_pair').on(table.applicationId, table.lenderId),
    index('application_recipients_lender').on(table.lenderId, table.createdAt),
    // ADR 068: the recipients still waiting for an answer, for the answers' UPDATE and the pending
    // counts. Without it a plan made while few were pending reads the whole table for every batch.
    index('application_recipients_pending')
      .on(table.applicationId, table.lenderId)
      .where(sql`${table.status} = 'pending'`),
  ],
)

export const offerStatus = pgEnum('offer_status', ['offered', 'accepted', 'expired', 'withdrawn'])

/**
 * A lender's offer. The lender sends the terms; the instalment, APR and totals
 * are computed by us (`evaluateOffer`). One offer per lender and application.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    lenderId: uuid('lender_id')
      .notNull()
      .references(() => lenders.id),
    status: offerStatus('status').notNull().default('offered'),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    months: integer('months').notNull(),
    /** Fraction: 0.099 = 9,9 %. */
    nominalRate: numeric('nominal_rate', { precision: 9, scale: 6, mode: 'number' }).notNull(),
    openingFee: numeric('opening_fee', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    monthlyFee: numeric('monthly_fee', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    feeFinanced: boolean('fee_financed').notNull(),
    monthlyPayment: numeric('monthly_payment', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** Fraction, full precision of the solver. */
    apr: doublePrecision('apr').notNull(),
    totalCost: numeric('total_cost', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    totalPayable: numeric('total_payable', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    secciUrl: text('secci_url'),
    lenderReference: text('lender_reference'),
    /**
     * Credit card offers: `amount` is the credit limit, and the instalment, APR and totals are those of
     * the representative example (`exampleAmount` drawn at once, repaid in 12 equal monthly instalments).
     */
    cardType: text('card_type'),
    exampleAmount: numeric('example_amount', { precision: 12, scale: 2, mode: 'number' }),
    annualFee: numeric('annual_fee', { precision: 12, scale: 2, mode: 'number' }),
    gracePeriodDays: integer('grace_period_days'),
    /** Business offers: the lender asks for a personal guarantee from the owner. */
    personalGuarantee: boolean('personal_guarantee').notNull().default(false),
    /**
     * Mortgage offers (issue 16): repayment type, reference rate and the value used for the offer's
     * figures (fraction), the margin (fraction), a fixed period, and the ESIS items not held in columns.
     */
    repaymentType: text('repayment_type'),
    referenceRate: text('reference_rate'),
    referenceRateValue: numeric('reference_rate_value', { precision: 9, scale: 6, mode: 'number' }),
    margin: numeric('margin', { precision: 9, scale: 6, mode: 'number' }),
    fixedPeriodYears: integer('fixed_period_years'),
    esis: jsonb('esis'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When the lender was told of the acceptance. */
    lenderNotifiedAt: timestamp('lender_notified_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('offers_application_lender').on(table.applicationId, table.lenderId),
    uniqueIndex('offers_one_accepted').on(table.applicationId).where(sql`${table.status} = 'accepted'`),
  ],
)

/** Offers we refused (over a cap, inconsistent terms): kept for the lender's and our review. */
export const offerRejections = pgTable('offer_rejections', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  applicationId: uuid('application_id')
    .notNull()
    .references(() => applications.id, { onDelete: 'cascade' }),
  lenderId: uuid('lender_id')
    .notNull()
    .references(() => lenders.id),
  terms: jsonb('terms').notNull(),
  violations: jsonb('violations').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Messages of the contact form (/ota-yhteytta/). Name, address and text are personal data: encrypted. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    topic: text('topic').notNull(),
    language: text('language').notNull(),
    nameEncrypted: text('name_encrypted').notNull(),
    emailEncrypted: text('email_encrypted').notNull(),
    messageEncrypted: text('message_encrypted').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (table) => [index('contact_messages_created').on(table.createdAt)],
)

/**
 * Settings that admins change without a deploy, one JSON value per key (e.g. `sme-limits`: the SME
 * amount and period limits that the config endpoint serves). Validated by the domain type of the key.
 */
export const productSettings = pgTable('product_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The admin who changed it last (no foreign key, as in audit_log: the record outlives the account). */
  updatedBy: uuid('updated_by'),
})

/** Admins' notes on an application. A note may name people: its text is encrypted. */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    textEncrypted: text('text_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('application_notes_application').on(table.applicationId, table.createdAt)],
)

/**
 * Who read or changed what: every admin read of personal data and every admin or lender change.
 * Append-only: a trigger refuses UPDATE and DELETE (migration 0005). It holds ids and field names,
 * never the personal data itself, so it may outlive the people it mentions.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The user who acted (no foreign key: the row stays when the account is deleted). */
    actorId: uuid('actor_id'),
    actorRole: text('actor_role').notNull(),
    /** Dotted verb, e.g. `application.read`, `application.status`, `application.note`, `settings.update`. */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** What changed (field names, old and new status): never personal data. */
    details: jsonb('details').notNull().default({}),
  },
  (table) => [
    index('audit_log_subject').on(table.subjectType, table.subjectId, table.at),
    index('audit_log_at').on(table.at),
  ],
)

/**
 * A mortgage application in progress (issue 16): started at the `mortgage-application` step by a
 * signed-in person, saved after every step, submitted to the banks after strong identification.
 * The step data holds identity numbers, so it is stored encrypted as a whole.
 */
export const mortgageApplications = pgTable(
  'mortgage_applications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `draft`, `submitted` or `cancelled`. */
    status: text('status').notNull().default('draft'),
    step: text('step').notNull(),
    hasCoApplicant: boolean('has_co_applicant').notNull().default(false),
    dataEncrypted: text('data_encrypted').notNull(),
    /** Where a bank may send the applicant back to (allowed hosts only) and where to go after its steps. */
    callbackUrl: text('callback_url'),
    redirectionUrl: text('redirection_url'),
    identificationId: uuid('identification_id'),
    /** The marketplace application created on submit. */
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (table) => [index('mortgage_applications_user').on(table.userId, table.updatedAt)],
)

/**
 * A strong identification (OpenID Connect, bank ID): how, when and at which level, and a keyed hash
 * of the identified henkilötunnus. Never the number itself, never the provider's tokens.
 */
export const identifications = pgTable(
  'identifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mortgageApplicationId: uuid('mortgage_application_id').references(() => mortgageApplications.id, {
      onDelete: 'cascade',
    }),
    method: text('method').notNull(),
    /** The issuer URL of the provider. */
    provider: text('provider').notNull(),
    /** `substantial` or `high` (eIDAS). */
    level: text('level').notNull(),
    hetuHash: text('hetu_hash').notNull(),
    identifiedAt: timestamp('identified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('identifications_user').on(table.userId, table.identifiedAt)],
)

/**
 * A lender's API keys for the lender API (issue 17): named, shown once, stored as SHA-256, revocable.
 */
export const lenderApiKeys = pgTable(
  'lender_api_keys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    lenderId: uuid('lender_id')
      .notNull()
      .references(() => lenders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the key, to tell keys apart in lists (not enough to use it). */
    keyPrefix: text('key_prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** The user who created it (no foreign key: the record outlives the account). */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('lender_api_keys_lender').on(table.lenderId, table.createdAt)],
)

/**
 * Every version of a lender's filter (issue 17): who changed it, when, and the whole filter then.
 * The current filter is also on `lenders` (criteria, filtering) for the marketplace.
 */
export const lenderFilterVersions = pgTable(
  'lender_filter_versions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    lenderId: uuid('lender_id')
      .notNull()
      .references(() => lenders.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    criteria: jsonb('criteria').notNull(),
    filtering: jsonb('filtering').notNull(),
    /** The user who saved it (no foreign key: the record outlives the account). */
    changedBy: uuid('changed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('lender_filter_versions_version').on(table.lenderId, table.version)],
)

/**
 * Feature flags and experiments served in GrowthBook's format (issue 18, ADR 027). Everything is
 * kept per environment: a client key belongs to one environment, and its payload is built from
 * that environment's rows. `definition` is the SDK's FeatureDefinition (defaultValue and rules),
 * validated by `@lainava/domain/flags`.
 */
export const flagFeatures = pgTable(
  'flag_features',
  {
    environment: text('environment').notNull(),
    key: text('key').notNull(),
    /** `boolean`, `string`, `number` or `json`: what the default and every rule's value must be. */
    valueType: text('value_type').notNull(),
    description: text('description').notNull().default(''),
    /** Off: left out of the payload, so the code's own default applies. */
    enabled: boolean('enabled').notNull().default(true),
    definition: jsonb('definition').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin who changed it last (no foreign key, as in audit_log). */
    updatedBy: uuid('updated_by'),
  },
  (table) => [uniqueIndex('flag_features_environment_key').on(table.environment, table.key)],
)

/** Saved groups (`$inGroup` / `$notInGroup`): a named list of attribute values, per environment. */
export const flagSavedGroups = pgTable(
  'flag_saved_groups',
  {
    environment: text('environment').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    attributeKey: text('attribute_key').notNull(),
    values: jsonb('values').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('flag_saved_groups_environment_id').on(table.environment, table.id)],
)

/**
 * SDK connections: a client key (`sdk-…`, public: it ships to browsers) reads one environment's
 * payload, either as rules (`/api/features`) or evaluated on the server (`/api/eval`), optionally
 * encrypted with a 128-bit key (base64).
 */
export const flagSdkConnections = pgTable('flag_sdk_connections', {
  clientKey: text('client_key').primaryKey(),
  environment: text('environment').notNull(),
  remoteEval: boolean('remote_eval').notNull().default(false),
  encryptionKey: text('encryption_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The payload version of an environment: bumped in the same transaction as every change. */
export const flagRevisions = pgTable('flag_revisions', {
  environment: text('environment').primaryKey(),
  dateUpdated: timestamp('date_updated', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
})

/**
 * Analytics events (issue 18 item 5, ADR 037): sent by browsers with marketing consent, tied to a random
 * session id and never to a user (no foreign key, no user id), so they are outside the personal-data
 * export and erasure. URLs keep no query values; the referrer is an origin.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    sessionId: text('session_id').notNull(),
    sessionCount: integer('session_count').notNull(),
    type: text('type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    url: text('url').notNull(),
    referrer: text('referrer'),
    title: text('title').notNull(),
    language: text('language').notNull(),
    screenWidth: integer('screen_width').notNull(),
    screenHeight: integer('screen_height').notNull(),
    viewportWidth: integer('viewport_width').notNull(),
    viewportHeight: integer('viewport_height').notNull(),
    /** The event's own fields: `experiment_viewed` {experimentKey, variationId}, `application_started` {kind}. */
    data: jsonb('data').notNull(),
  },
  (table) => [
    index('analytics_events_type_received').on(table.type, table.receivedAt),
    index('analytics_events_session').on(table.sessionId),
  ],
)
