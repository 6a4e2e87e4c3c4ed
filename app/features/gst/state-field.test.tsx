import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StateField } from "./state-field";
import { INDIAN_STATES } from "./states";

describe("StateField", () => {
  it("offers every state, then every union territory, each by name and code, with the saved one chosen", () => {
    const html = renderToStaticMarkup(<StateField defaultValue="07" />);
    const groups = [...html.matchAll(/<optgroup label="([^"]*)">(.*?)<\/optgroup>/g)];
    expect(groups.map((g) => g[1])).toEqual(["States", "Union territories"]);
    const codesIn = (group: string) => [...group.matchAll(/<option value="(\d\d)"/g)].map((m) => m[1]);
    expect(codesIn(groups[0]![2]!)).toEqual(INDIAN_STATES.filter((s) => s.kind === "state").map((s) => s.code));
    expect(codesIn(groups[1]![2]!)).toEqual(INDIAN_STATES.filter((s) => s.kind === "ut").map((s) => s.code));
    expect(html).toContain('<option value="08">Rajasthan (08)</option>');
    expect(html).toContain('<option value="07" selected="">Delhi (07)</option>');
  });
});
