import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { AdminTable } from "~/features/admin/table";
import { BackLink, Badge, Card, PageHeader } from "~/features/admin/ui";
import { SUBJECT_LABELS } from "~/features/catalog/labels";
import { listChapters, listQuestions } from "~/features/practice/bank.server";
import { getTestBuilder, saveTestSettings } from "~/features/practice/builder.server";
import { DIFFICULTIES, DIFFICULTY_LABELS, QUESTION_TYPE_LABELS, QUESTION_TYPES } from "~/features/practice/labels";
import { layoutText } from "~/features/practice/layout";
import { testReport } from "~/features/practice/report.server";
import { testBuilderSchema } from "~/features/practice/schema";
import { asResponse } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, readFormData, validate } from "~/lib/form.server";
import { paramId } from "~/lib/id";
import { Button } from "~/ui/button";
import { Field, FormAlert, inputClass, TextareaField } from "~/ui/field";
import type { Route } from "./+types/practice-test";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.builder.product.title ?? "Test"} | Test builder | Admin | Commerce Academy` },
    { name: "robots", content: "noindex" },
  ];
}

const RULE_ROWS = 4;

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const productId = paramId(params.productId, "Test not found.");
  try {
    const builder = await getTestBuilder(db, productId);
    const cls = builder.product.classLevel === "both" ? undefined : builder.product.classLevel;
    const [bank, chapters, report] = await Promise.all([
      listQuestions(db, { subject: builder.product.subject, classLevel: cls }, 500),
      listChapters(db),
      testReport(db, productId),
    ]);
    return {
      builder,
      bank,
      chapters: chapters.filter((c) => c.subject === builder.product.subject && (!cls || c.classLevel === cls)),
      report,
    };
  } catch (error) {
    throw asResponse(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const productId = paramId(params.productId, "Test not found.");
  const form = await readFormData(request);
  const rules = [];
  for (let i = 0; i < RULE_ROWS; i++) {
    const countText = String(form.get(`ruleCount${i}`) ?? "").trim();
    if (!countText) continue;
    const chapter = String(form.get(`ruleChapter${i}`) ?? "");
    const type = String(form.get(`ruleType${i}`) ?? "");
    const difficulty = String(form.get(`ruleDifficulty${i}`) ?? "");
    rules.push({
      chapterId: chapter ? Number(chapter) : null,
      type: type || null,
      difficulty: difficulty || null,
      count: Number(countText),
    });
  }
  const values = {
    timeLimitMinutes: form.get("timeLimitMinutes"),
    negativePercent: form.get("negativePercent"),
    instructions: form.get("instructions") ?? "",
    pattern: form.get("pattern") ?? "",
    questionIds: form.getAll("questionIds").join(","),
    layout: form.get("layout") ?? "",
    rules: JSON.stringify(rules),
  };
  const v = validate(testBuilderSchema, values);
  if (!v.ok) return formFailure(v);
  try {
    await saveTestSettings(db, admin.id, productId, v.data);
    return redirectWithFlash(`/admin/practice/tests/${productId}`, "Test saved.");
  } catch (error) {
    return failureFrom(error, v.values);
  }
}

export default function PracticeTestBuilder({ loaderData, actionData }: Route.ComponentProps) {
  const { builder, bank, chapters, report } = loaderData;
  const { product, settings, questionIds } = builder;
  const errors = actionData?.fieldErrors ?? {};
  const busy = useNavigation().state !== "idle";
  const chosen = new Set(questionIds);
  const [layout, setLayout] = useState(actionData?.values?.layout ?? layoutText(settings.layout));
  const sectioned = layout.trim() !== "";
  return (
    <div className="space-y-6">
      <BackLink to="/admin/practice">Question Bank</BackLink>
      <PageHeader
        title={product.title}
        subtitle={`Test builder and report · ${SUBJECT_LABELS[product.subject]} · Class ${product.classLevel === "both" ? "11 & 12" : product.classLevel}`}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Badge>{product.status}</Badge>
            <Button asChild size="sm" variant="secondary">
              <Link to={`/admin/courses/${product.id}`}>Price and status</Link>
            </Button>
          </div>
        }
      />
      <Card title="Report">
        <dl className="grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-600">Submitted attempts</dt>
            <dd className="text-2xl font-bold text-slate-900">{report.attempts}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Students</dt>
            <dd className="text-2xl font-bold text-slate-900">{report.students}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Average score</dt>
            <dd className="text-2xl font-bold text-slate-900">
              {report.averagePercent === null ? "—" : `${report.averagePercent}%`}
            </dd>
          </div>
        </dl>
        <h3 className="mt-5 text-sm font-semibold text-slate-900">Most often answered wrong</h3>
        {report.mostWrong.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No wrong answers yet.</p>
        ) : (
          <AdminTable
            label="Questions most often answered wrong"
            rows={report.mostWrong}
            rowKey={(r) => r.questionId}
            columns={[
              {
                header: "Question",
                role: "title",
                className: "md:max-w-md",
                cell: (r) => (
                  <Link
                    to={`/admin/practice/questions/${r.questionId}`}
                    className="line-clamp-2 text-brand-700 hover:underline"
                    data-preview=""
                  >
                    #{r.questionId} {r.prompt}
                  </Link>
                ),
              },
              { header: "Chapter", cell: (r) => r.chapter },
              { header: "Wrong", role: "number", cell: (r) => `${r.wrong} of ${r.answered}` },
            ]}
          />
        )}
      </Card>
      {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
      <Form method="post" className="space-y-6">
        <Card title="Settings">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Time limit (minutes)"
              name="timeLimitMinutes"
              type="number"
              min={1}
              max={600}
              defaultValue={settings.timeLimitMinutes}
              error={errors.timeLimitMinutes}
            />
            <Field
              label="Negative marking (% of a question's marks)"
              name="negativePercent"
              type="number"
              min={0}
              max={100}
              defaultValue={settings.negativePercent}
              error={errors.negativePercent}
              hint="0 for none; 25 takes a quarter of the marks off a wrong choice."
            />
            <Field
              label="Pattern (optional)"
              name="pattern"
              maxLength={200}
              defaultValue={actionData?.values?.pattern ?? settings.pattern ?? ""}
              error={errors.pattern}
              className="sm:col-span-2"
              hint="The board pattern and its year, shown on the test's page, e.g. “CBSE Class 12 Accountancy board pattern 2025–26: 80 marks, 3 hours, 34 questions”."
            />
            <TextareaField
              label="Instructions"
              name="instructions"
              error={errors.instructions}
              className="sm:col-span-2"
              rows={3}
              defaultValue={settings.instructions}
            />
          </div>
        </Card>
        <Card title="Sections and choices (a board paper)">
          <TextareaField
            label="Paper layout"
            name="layout"
            error={errors.layout}
            rows={6}
            value={layout}
            onChange={(e) => setLayout(e.currentTarget.value)}
            hint={
              "Optional. One “## Title: instructions” line per section, then its question numbers. “31 or 32” is an internal choice (the student answers one); sections named “Part B, Option I” and “Part B, Option II” are options (the student attempts one). With a layout, it lists the paper's questions and the ticks below are not used."
            }
            placeholder={
              "## Part A: Attempt all questions.\n12, 15, 31 or 32, 40\n## Part B, Option I: Analysis of Financial Statements\n50, 51\n## Part B, Option II: Computerised Accounting\n60, 61"
            }
          />
        </Card>
        <Card
          title={
            sectioned ? "Question bank (the layout above lists the paper)" : `Chosen questions (${questionIds.length})`
          }
        >
          {errors.questionIds ? (
            <p role="alert" className="mb-2 text-sm text-red-700">
              {errors.questionIds}
            </p>
          ) : null}
          {bank.length === 0 ? (
            <p className="text-sm text-slate-600">
              No questions for this class and subject yet. Write or import some first.
            </p>
          ) : (
            <ul className="max-h-[32rem] space-y-1 overflow-y-auto" aria-disabled={sectioned || undefined}>
              {bank.map((q) => (
                <li key={q.id}>
                  <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg p-2 text-sm hover:bg-slate-50">
                    <input
                      type="checkbox"
                      name="questionIds"
                      value={q.id}
                      defaultChecked={chosen.has(q.id)}
                      disabled={sectioned}
                      className="mt-1 h-4 w-4"
                    />
                    <span className="min-w-0">
                      <span className="line-clamp-2 text-slate-900" data-preview="">
                        #{q.id} {q.prompt}
                      </span>
                      <span className="text-xs text-slate-500">
                        {q.chapter} · {QUESTION_TYPE_LABELS[q.type]}
                        {q.parts ? ` (${q.parts} parts)` : ` · ${q.marks} mark${q.marks === 1 ? "" : "s"}`} ·{" "}
                        {DIFFICULTY_LABELS[q.difficulty]}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Rules (dealt afresh for each attempt, after the chosen questions)">
          <p className="mb-3 text-sm text-slate-600">
            Each rule adds that many questions at random from the bank (not already in the paper). Leave “How many”
            empty for no rule.
          </p>
          {errors.rules ? (
            <p role="alert" className="mb-2 text-sm text-red-700">
              {errors.rules}
            </p>
          ) : null}
          <div className="space-y-3">
            {Array.from({ length: RULE_ROWS }, (_, i) => `rule-${i}`).map((key, i) => {
              const rule = settings.rules[i];
              return (
                <fieldset key={key} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-4">
                  <legend className="px-1 text-xs font-semibold text-slate-600">Rule {i + 1}</legend>
                  <select
                    name={`ruleChapter${i}`}
                    defaultValue={rule?.chapterId ?? ""}
                    className={inputClass}
                    aria-label={`Rule ${i + 1} chapter`}
                  >
                    <option value="">Any chapter</option>
                    {chapters.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.title}
                      </option>
                    ))}
                  </select>
                  <select
                    name={`ruleType${i}`}
                    defaultValue={rule?.type ?? ""}
                    className={inputClass}
                    aria-label={`Rule ${i + 1} type`}
                  >
                    <option value="">Any type</option>
                    {QUESTION_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {QUESTION_TYPE_LABELS[t]}
                      </option>
                    ))}
                  </select>
                  <select
                    name={`ruleDifficulty${i}`}
                    defaultValue={rule?.difficulty ?? ""}
                    className={inputClass}
                    aria-label={`Rule ${i + 1} difficulty`}
                  >
                    <option value="">Any difficulty</option>
                    {DIFFICULTIES.map((d) => (
                      <option key={d} value={d}>
                        {DIFFICULTY_LABELS[d]}
                      </option>
                    ))}
                  </select>
                  <input
                    name={`ruleCount${i}`}
                    type="number"
                    min={1}
                    max={100}
                    defaultValue={rule?.count ?? ""}
                    placeholder="How many"
                    className={inputClass}
                    aria-label={`Rule ${i + 1} number of questions`}
                  />
                </fieldset>
              );
            })}
          </div>
        </Card>
        <Button type="submit" disabled={busy}>
          Save test
        </Button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
