import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import { paymentSchedule, priceLoan } from '@lainava/domain'
import { z } from 'zod'
import { AppError } from '../../app-error.ts'
import { ErrorBodySchema } from '../../schemas.ts'

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true')

const QuerySchema = z.object({
  amount: z.coerce.number().positive().max(10_000_000).describe('Credit amount in euros'),
  months: z.coerce.number().int().min(1).max(480).describe('Number of monthly instalments'),
  nominalRate: z.coerce.number().min(0).max(100).describe('Annual nominal rate in percent, e.g. 9.9'),
  openingFee: z.coerce.number().min(0).max(100_000).default(0).describe('Opening fee in euros'),
  monthlyFee: z.coerce.number().min(0).max(1_000).default(0).describe('Account fee per month in euros'),
  feeFinanced: booleanQuery.default(false).describe('true: the opening fee is added to the loan'),
  schedule: booleanQuery.default(false).describe('true: include the payment schedule'),
})

const ScheduleRowSchema = z.object({
  month: z.number().int(),
  payment: z.number(),
  interest: z.number(),
  principal: z.number(),
  fee: z.number(),
  balance: z.number(),
})

const ResultSchema = z
  .object({
    amount: z.number(),
    months: z.number().int(),
    nominalRate: z.number().describe('Percent'),
    monthlyPayment: z.number().describe('Instalment including the monthly fee'),
    apr: z.number().describe('Annual percentage rate in percent, EU directive equation, 2 decimals'),
    totalCost: z.number().describe('Everything paid beyond the amount drawn'),
    totalPayable: z.number(),
    schedule: z.array(ScheduleRowSchema).optional(),
  })
  .meta({ id: 'LoanCalculation' })

export const loanCalculatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/loan-calculator',
    {
      schema: {
        tags: ['loans'],
        summary: 'Monthly payment, APR and total cost of a loan',
        querystring: QuerySchema,
        response: { 200: ResultSchema, 400: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (request) => {
      const { schedule, nominalRate, ...rest } = request.query
      const input = { ...rest, nominalRate: nominalRate / 100 }
      const priced = priceLoan(input)
      // Issue 13: schema-valid terms can still have no APR (fees many times the amount): a 422, not a 500.
      if (!priced.ok) {
        throw new AppError('UNPROCESSABLE', 'No APR can be calculated for these terms.', {
          reason: priced.problem,
          messageKey: 'api.loanNotPriceable',
        })
      }
      const { cost } = priced
      return {
        amount: cost.amount,
        months: cost.months,
        nominalRate,
        monthlyPayment: cost.monthlyPayment,
        apr: cost.aprPercent,
        totalCost: cost.totalCost,
        totalPayable: cost.totalPayable,
        ...(schedule ? { schedule: paymentSchedule(input) } : {}),
      }
    },
  )
}
