// Prints the rows of the given tables of a PGlite DATA_DIR as JSON (the fault tests run it as a child:
// PGlite's dynamic imports do not load inside jest's VM). Usage: dump-tables.ts <DATA_DIR> <table>...
import '../src/db/private-files.mjs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';

const [dataDir, ...tables] = process.argv.slice(2);
(async () => {
  const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { cube, earthdistance } });
  const out: Record<string, unknown[]> = {};
  for (const t of tables) {
    if (!/^[a-z_]+$/.test(t)) throw new Error(`bad table ${t}`);
    out[t] = (await db.query(`SELECT * FROM ${t} ORDER BY ${t}::text`)).rows;
  }
  await db.close();
  process.stdout.write(JSON.stringify(out));
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
