/** The admin's question editor: the form and a live preview of the question as students see it, with its answer. */
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Card } from "~/features/admin/ui";
import type { FieldErrors, FormValues } from "~/lib/form.server";
import { renderMarkdown, renderMarkdownInline } from "~/lib/markdown";
import { Button } from "~/ui/button";
import { Field, FormAlert, LabelledOptions, SelectField, TextareaField } from "~/ui/field";
import { Markdown } from "~/ui/markdown";
import { type ChapterOption, ChapterOptions } from "./chapter-options";
import { parseJournalText } from "./journal";
import { JournalTable } from "./journal-table";
import {
  ASSERTION_REASON_OPTIONS,
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  isObjective,
  isWritten,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type QuestionType,
  wordLimitLabel,
} from "./labels";

const MARKDOWN_HINT =
  "Markdown: **bold**, *italic*, lists (- item), tables (| Particulars | Dr (₹) | Cr (₹) |, then |---|--:|--:|).";

export function QuestionForm({
  initial,
  chapters,
  errors = {},
  formError,
}: {
  initial: FormValues;
  chapters: ChapterOption[];
  errors?: FieldErrors;
  formError?: string;
}) {
  const [v, setV] = useState<FormValues>(initial);
  const busy = useNavigation().state !== "idle";
  const type = (v.type || "mcq") as QuestionType;
  const set = (name: string) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setV((all) => ({ ...all, [name]: value }));
  };
  const options =
    type === "assertion_reason" && !v.optionA && !v.optionB
      ? ASSERTION_REASON_OPTIONS
      : [v.optionA, v.optionB, v.optionC, v.optionD].filter((o): o is string => Boolean(o));
  const correct = v.correct ? "ABCD".indexOf(v.correct) : -1;
  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_24rem] [&>*]:min-w-0">
      <Card>
        <Form method="post" encType="multipart/form-data" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="save" />
          {v.parentId ? <input type="hidden" name="parentId" value={v.parentId} /> : null}
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <SelectField
            label="Chapter"
            name="chapterId"
            error={errors.chapterId}
            className="sm:col-span-2"
            value={v.chapterId ?? ""}
            onChange={set("chapterId")}
          >
            <option value="">Choose a chapter</option>
            <ChapterOptions chapters={chapters} />
          </SelectField>
          <SelectField label="Type" name="type" error={errors.type} value={type} onChange={set("type")}>
            <LabelledOptions
              values={QUESTION_TYPES.filter((t) => !v.parentId || t !== "case_based")}
              labels={QUESTION_TYPE_LABELS}
            />
          </SelectField>
          <SelectField
            label="Difficulty"
            name="difficulty"
            error={errors.difficulty}
            value={v.difficulty || "medium"}
            onChange={set("difficulty")}
          >
            <LabelledOptions values={DIFFICULTIES} labels={DIFFICULTY_LABELS} />
          </SelectField>
          <TextareaField
            label={type === "case_based" ? "Passage (the case)" : "Question"}
            name="prompt"
            error={errors.prompt}
            className="sm:col-span-2"
            hint={
              type === "assertion_reason"
                ? `Write “Assertion (A): …” and “Reason (R): …” on two lines. ${MARKDOWN_HINT}`
                : MARKDOWN_HINT
            }
            rows={5}
            value={v.prompt ?? ""}
            onChange={set("prompt")}
          />
          <Field
            label="Add a diagram or image (optional)"
            name="image"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            error={errors.image}
            className="sm:col-span-2"
            hint="PNG, JPEG, WebP, GIF or AVIF up to 5 MB; saved with the question and shown below its text."
          />
          {type === "numeric" ? (
            <>
              <Field
                label="Answer (a number)"
                name="answerNumber"
                inputMode="decimal"
                error={errors.answerNumber}
                value={v.answerNumber ?? ""}
                onChange={set("answerNumber")}
                hint="e.g. 45000, 2.5 or 2:1 (a ratio is kept as 2)."
              />
              <Field
                label="Accepted either side (tolerance)"
                name="answerTolerance"
                inputMode="decimal"
                error={errors.answerTolerance}
                value={v.answerTolerance ?? ""}
                onChange={set("answerTolerance")}
                hint="0 for exactly the answer; 0.01 accepts rounding."
              />
            </>
          ) : null}
          {type === "journal" ? (
            <TextareaField
              label="The entry's lines (one per line)"
              name="journal"
              error={errors.journal}
              className="sm:col-span-2"
              rows={5}
              value={v.journal ?? ""}
              onChange={set("journal")}
              hint="Dr | Cash A/c | 50,000 then Cr | Ram's Capital A/c | 50,000. An account named two ways: Bank A/c; Cash A/c. Each line right earns its share of the marks (halves rounded down); “To”, “A/c” and capitals do not matter."
            />
          ) : null}
          {isObjective(type) ? (
            <>
              {(["A", "B", "C", "D"] as const).map((letter) => (
                <Field
                  key={letter}
                  label={`Option ${letter}`}
                  name={`option${letter}`}
                  error={errors[`option${letter}`]}
                  value={v[`option${letter}`] ?? ""}
                  onChange={set(`option${letter}`)}
                  hint={
                    type === "assertion_reason" && letter === "A"
                      ? "Leave A–D empty for the four standard assertion–reason options."
                      : undefined
                  }
                />
              ))}
              <SelectField
                label="Correct option"
                name="correct"
                error={errors.correct}
                value={v.correct ?? ""}
                onChange={set("correct")}
              >
                <option value="">Choose</option>
                {["A", "B", "C", "D"].map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </SelectField>
            </>
          ) : null}
          {isWritten(type) ? (
            <>
              <TextareaField
                label="Model answer"
                name="modelAnswer"
                error={errors.modelAnswer}
                className="sm:col-span-2"
                rows={5}
                value={v.modelAnswer ?? ""}
                onChange={set("modelAnswer")}
              />
              <TextareaField
                label="Marking points (one per line)"
                name="markingPoints"
                error={errors.markingPoints}
                className="sm:col-span-2"
                rows={4}
                value={v.markingPoints ?? ""}
                onChange={set("markingPoints")}
              />
              <Field
                label="Least words (optional)"
                name="minWords"
                type="number"
                min={1}
                max={2000}
                error={errors.minWords}
                value={v.minWords ?? ""}
                onChange={set("minWords")}
              />
              <Field
                label="Most words (optional)"
                name="maxWords"
                type="number"
                min={1}
                max={2000}
                error={errors.maxWords}
                value={v.maxWords ?? ""}
                onChange={set("maxWords")}
                hint="Shown as “50–75 words” with the question."
              />
            </>
          ) : null}
          {type !== "case_based" ? (
            <Field
              label="Marks"
              name="marks"
              type="number"
              min={0}
              max={20}
              error={errors.marks}
              value={v.marks ?? ""}
              onChange={set("marks")}
            />
          ) : (
            <input type="hidden" name="marks" value="0" />
          )}
          <Field
            label="Source"
            name="source"
            error={errors.source}
            value={v.source ?? ""}
            onChange={set("source")}
            hint="e.g. CBSE 2024"
          />
          <TextareaField
            label="Explanation"
            name="explanation"
            error={errors.explanation}
            className="sm:col-span-2"
            rows={3}
            value={v.explanation ?? ""}
            onChange={set("explanation")}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Save question
            </Button>
          </div>
        </Form>
      </Card>
      <Card title="Preview">
        <div data-testid="question-preview" className="space-y-3 text-sm">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            {QUESTION_TYPE_LABELS[type]}
            {type !== "case_based" ? ` · ${v.marks || 0} mark${v.marks === "1" ? "" : "s"}` : ""}
          </p>
          <Markdown
            html={renderMarkdown(v.prompt || "The question appears here.")}
            className="font-medium text-slate-900"
          />
          {isWritten(type) && wordLimitLabel(Number(v.minWords) || null, Number(v.maxWords) || null) ? (
            <p className="text-slate-600">{wordLimitLabel(Number(v.minWords) || null, Number(v.maxWords) || null)}</p>
          ) : null}
          {type === "numeric" ? (
            <p className="rounded border border-emerald-600 bg-emerald-50 p-2">
              Answer: {v.answerNumber || "—"}
              {Number(v.answerTolerance) > 0 ? ` (± ${v.answerTolerance})` : ""}
            </p>
          ) : null}
          {type === "journal" ? <JournalPreview text={v.journal ?? ""} /> : null}
          {isObjective(type) ? (
            <ul className="space-y-1">
              {options.map((o, i) => (
                <li
                  key={o}
                  className={
                    i === correct
                      ? "rounded border border-emerald-600 bg-emerald-50 p-2"
                      : "rounded border border-slate-200 p-2"
                  }
                >
                  <span className="font-semibold">{String.fromCharCode(65 + i)}.</span>{" "}
                  <Markdown html={renderMarkdownInline(o)} inline />
                  {i === correct ? <span className="ml-1 text-emerald-800">(correct)</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
          {isWritten(type) ? (
            <>
              <Markdown html={renderMarkdown(v.modelAnswer || "Model answer")} className="rounded bg-emerald-50 p-2" />
              <ul className="list-disc pl-5">
                {(v.markingPoints ?? "")
                  .split("\n")
                  .filter((p) => p.trim())
                  .map((p) => (
                    <li key={p}>{p}</li>
                  ))}
              </ul>
            </>
          ) : null}
          {v.explanation ? (
            <div className="rounded bg-brand-50 p-2">
              <p className="font-semibold">Explanation</p>
              <Markdown html={renderMarkdown(v.explanation)} />
            </div>
          ) : null}
          {type === "case_based" ? (
            <p className="text-slate-600">Save the set, then add its questions from its page.</p>
          ) : null}
        </div>
      </Card>
    </div>
  );
}

/** The entry as students will see it after submitting, or what is wrong with its lines. */
function JournalPreview({ text }: { text: string }) {
  const parsed = parseJournalText(text);
  if ("error" in parsed) return <p className="text-red-700">{parsed.error}</p>;
  if (!parsed.lines.length) return <p className="text-slate-600">The entry's lines appear here.</p>;
  return (
    <JournalTable
      caption="Expected entry"
      lines={parsed.lines.map((l) => ({ side: l.side, account: l.accounts.join(" or "), amount: l.amount }))}
    />
  );
}
