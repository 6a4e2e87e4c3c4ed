/** The audit log of admin and store events: feeds "recent activity" and the admin notifications. */
import type { DbOrTx } from "~/db/client.server";
import { auditLog } from "~/db/schema";

export type AuditStatus = "Pending" | "Success" | "Complete" | "New";

export interface AuditEvent {
  actorId?: string | null;
  /** e.g. "Refund", "Course Update", "Order", "Sign-up", "Contact", "Settings", "Role". */
  type: string;
  description: string;
  status: AuditStatus;
  entityType?: string;
  entityId?: string | number;
}

/**
 * The type of an event an admin must act on about a payment (a second payment on a paid order,
 * orders/fulfilment.server.ts); the admin notifications list these (a partial index in schema.ts).
 */
export const PAYMENT_ALERT = "Payment alert";

/** Writes one event; pass the transaction so the event commits or rolls back with the change. */
export async function recordEvent(db: DbOrTx, event: AuditEvent) {
  await db.insert(auditLog).values({
    actorId: event.actorId ?? null,
    type: event.type,
    description: event.description,
    status: event.status,
    entityType: event.entityType ?? null,
    entityId: event.entityId === undefined ? null : String(event.entityId),
  });
}
