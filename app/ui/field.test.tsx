import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckboxField, Field, inputClass, LabelledOptions, SelectField, TextareaField } from "./field";

/** The control's tag and the attributes that tie it to its label and messages. */
function wiring(html: string, tag: string) {
  const control = html.match(new RegExp(`<${tag}[^>]*>`))?.[0] ?? "";
  const attr = (name: string) => control.match(new RegExp(` ${name}="([^"]*)"`))?.[1];
  return {
    id: attr("id"),
    name: attr("name"),
    invalid: attr("aria-invalid"),
    describedBy: attr("aria-describedby"),
    className: attr("class"),
    labelFor: html.match(/<label for="([^"]*)"/)?.[1],
  };
}

describe("the form fields", () => {
  it("each field ties its label, hint and error to its control the same way", () => {
    const fields = [
      ["input", <Field key="i" label="Title" name="title" hint="Short." error="Required." />],
      [
        "select",
        <SelectField key="s" label="Class" name="title" hint="Short." error="Required.">
          <option value="12">Class 12</option>
        </SelectField>,
      ],
      ["textarea", <TextareaField key="t" label="About" name="title" hint="Short." error="Required." rows={4} />],
      ["input", <CheckboxField key="c" label="Free" name="title" hint="Short." error="Required." />],
    ] as const;
    for (const [tag, field] of fields) {
      const html = renderToStaticMarkup(field);
      expect(wiring(html, tag)).toMatchObject({
        id: "field-title",
        name: "title",
        invalid: "true",
        describedBy: "field-title-hint field-title-error",
        labelFor: "field-title",
      });
      expect(html).toContain('<p id="field-title-hint" class="text-xs text-slate-500">Short.</p>');
      expect(html).toContain('<p id="field-title-error" class="text-sm text-red-700">Required.</p>');
    }
  });

  it("a field without a message is not invalid and describes nothing; a given id wins", () => {
    const html = renderToStaticMarkup(
      <SelectField label="Rating" name="rating" id="filter-rating" defaultValue="5">
        <option value="5">5 stars</option>
      </SelectField>,
    );
    expect(wiring(html, "select")).toMatchObject({
      id: "filter-rating",
      name: "rating",
      invalid: undefined,
      describedBy: undefined,
      className: inputClass,
      labelFor: "filter-rating",
    });
    expect(html).toContain('<option value="5" selected="">5 stars</option>');
  });

  it("a textarea takes the input's look at its own height; a checkbox is a checkbox beside its label", () => {
    expect(wiring(renderToStaticMarkup(<TextareaField label="About" name="about" />), "textarea").className).toBe(
      `${inputClass} h-auto py-2`,
    );
    const box = renderToStaticMarkup(<CheckboxField label="Free" name="free" defaultChecked />);
    expect(wiring(box, "input")).toMatchObject({ id: "field-free", name: "free", labelFor: "field-free" });
    expect(box).toMatch(/<input [^>]*type="checkbox"[^>]*checked=""/);
  });
});

describe("LabelledOptions", () => {
  it("offers each value in the order given, shown by its label", () => {
    const labels = { easy: "Easy", medium: "Medium", hard: "Hard" };
    const html = renderToStaticMarkup(
      <select name="difficulty" defaultValue="medium">
        <LabelledOptions values={["hard", "easy", "medium"] as const} labels={labels} />
      </select>,
    );
    expect(html).toBe(
      '<select name="difficulty"><option value="hard">Hard</option><option value="easy">Easy</option><option value="medium" selected="">Medium</option></select>',
    );
  });
});
