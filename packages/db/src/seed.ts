import { sql } from 'drizzle-orm'
import type { Database } from './client.ts'
import { lenders } from './schema.ts'

// Demo data for a new, empty database. Every name here is fictional.
const DEMO_LENDERS = [
  ['aurora-rahoitus', 'Aurora Rahoitus', 'Vakuudettomia kulutusluottoja 1 000–50 000 euroa.'],
  ['kuusi-pankki', 'Kuusipankki', 'Kotimainen pankki, lainoja myös yhteishakijoille.'],
  ['lahde-luotto', 'Lähde Luotto', 'Pienet ja keskisuuret lainat nopealla päätöksellä.'],
  ['pohjoisranta-pankki', 'Pohjoisranta Pankki', 'Lainojen yhdistäminen ja suuret lainasummat.'],
  ['revontuli-credit', 'Revontuli Credit', 'Joustavat laina-ajat yhdestä viiteentoista vuoteen.'],
  ['saimaa-laina', 'Saimaa Laina', 'Remontti- ja autolainoja kotitalouksille.'],
  ['tammi-rahoitus', 'Tammi Rahoitus', 'Kulutusluottoja vakituisessa työsuhteessa oleville.'],
  ['kallio-finance', 'Kallio Finance', 'Lainoja 2 000–70 000 euroa kiinteällä marginaalilla.'],
  ['merituuli-pankki', 'Merituuli Pankki', 'Pankki, joka lainaa myös yrittäjille ja eläkeläisille.'],
  ['kaamos-luotto', 'Kaamos Luotto', 'Pienlainoja lyhyelle laina-ajalle.'],
  ['ilves-rahoitus', 'Ilves Rahoitus', 'Vakuudettomia lainoja ja luottolimiittejä.'],
  ['sisu-laina', 'Sisu Laina', 'Lainoja opiskelijoille ja määräaikaisessa työssä oleville.'],
] as const

/** Adds the demo data when the database is empty; running it again changes nothing. */
export async function seedDemoData(db: Database): Promise<{ seeded: boolean }> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(lenders)
  if ((row?.count ?? 0) > 0) return { seeded: false }
  await db
    .insert(lenders)
    .values(DEMO_LENDERS.map(([slug, name, description]) => ({ slug, name, description })))
    .onConflictDoNothing({ target: lenders.slug })
  return { seeded: true }
}
