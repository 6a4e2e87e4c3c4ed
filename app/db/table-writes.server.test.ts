import { describe, expect, it } from "vitest";
import { TableWrites } from "./table-writes.server";

/** True when the statement changes the stamp of these tables. */
function bumps(statement: string, tables: string[]) {
  const writes = new TableWrites();
  const before = writes.stamp(tables);
  writes.note(statement);
  return writes.stamp(tables) !== before;
}

describe("which tables a statement may write", () => {
  it("names the table of each kind of write, quoted or not, with a schema or not", () => {
    expect(bumps('insert into "cart_items" ("user_id", "product_id") values ($1, $2)', ["cart_items"])).toBe(true);
    expect(bumps('update "enrolments" set "revoked_at" = $1 where "id" = $2', ["enrolments"])).toBe(true);
    expect(bumps('delete from "public"."products" where "id" = $1', ["products"])).toBe(true);
    expect(bumps("TRUNCATE TABLE lessons CASCADE", ["lessons"])).toBe(true);
    expect(bumps("merge into bundle_items b using x on true when matched then delete", ["bundle_items"])).toBe(true);
  });

  it("finds a write inside a with-query and after other statements", () => {
    const cte = 'with moved as (delete from "cart_items" where "user_id" = $1 returning *) select count(*) from moved';
    expect(bumps(cte, ["cart_items"])).toBe(true);
    expect(bumps('begin; insert into "enrolments" values (1); commit', ["enrolments"])).toBe(true);
  });

  it("leaves other tables alone, and reads change nothing", () => {
    expect(bumps('update "users" set "last_active_at" = $1 where "id" = $2', ["cart_items", "enrolments"])).toBe(false);
    expect(bumps('select * from "cart_items" where "updated_at" > $1', ["cart_items"])).toBe(false);
    expect(bumps("select * from owned_product_ids($1)", ["enrolments"])).toBe(false);
    // A row lock reads: what it names after "update" is not a table of ours.
    expect(bumps('select * from "enrolments" for update skip locked', ["enrolments"])).toBe(false);
  });

  it("an upsert bumps its table, and a schema change bumps every table", () => {
    expect(bumps('insert into "cart_items" values ($1) on conflict do nothing', ["cart_items"])).toBe(true);
    expect(
      bumps('insert into "products" values ($1) on conflict ("id") do update set "title" = $2', ["products"]),
    ).toBe(true);
    expect(bumps('ALTER TABLE "products" ADD COLUMN "x" integer', ["cart_items"])).toBe(true);
    expect(bumps("CREATE OR REPLACE FUNCTION owned_product_ids(uid text) RETURNS SETOF integer", ["enrolments"])).toBe(
      true,
    );
  });
});
