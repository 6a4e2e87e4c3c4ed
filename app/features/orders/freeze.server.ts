/**
 * The data step of migration 0018 (ADR 0016): invoices and credit notes issued before documents were
 * stored get their record now, from what they would print today, so from then on they never change.
 * Runs at every start after the SQL migrations (db/migrate.server.ts); it finds nothing to do once
 * done, and is safe to run in several instances at once (a record is only written where none is).
 */
import type { DbOrTx } from "~/db/client.server";
import { creditNoteDocumentOf, creditNotesWithoutDocument } from "./credit-notes.server";
import { freezeInvoice, loadOrder, ordersWithUnfrozenInvoices } from "./orders.server";

const BATCH = 200;

export async function freezeIssuedDocuments(db: DbOrTx) {
  let invoices = 0;
  let notes = 0;
  for (;;) {
    const ids = await ordersWithUnfrozenInvoices(db, BATCH);
    for (const id of ids) if (await freezeInvoice(db, id)) invoices += 1;
    if (ids.length < BATCH) break;
  }
  for (;;) {
    const batch = await creditNotesWithoutDocument(db, BATCH);
    let frozen = 0;
    for (const note of batch) {
      const order = await loadOrder(db, note.orderId);
      if (order && (await creditNoteDocumentOf(db, order, note))) frozen += 1;
    }
    notes += frozen;
    // A note whose invoice cannot be built (no such order) stays without a record: stop, don't spin.
    if (batch.length < BATCH || frozen === 0) break;
  }
  return { invoices, notes };
}
