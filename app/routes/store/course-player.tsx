import { CheckCircle2, ChevronLeft, ChevronRight, Circle, ClipboardCheck, PlayCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation, useRevalidator } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { requireUser } from "~/features/accounts/guards.server";
import { LessonDoubts } from "~/features/doubts/doubt-section";
import { askDoubt, doubtFormLimits, doubtsLeftToday, lessonDoubts } from "~/features/doubts/doubts.server";
import { doubtSearchSchema, lessonDoubtSchema } from "~/features/doubts/schema";
import { accessEndedMessage, getEndedAccess } from "~/features/learning/access.server";
import { AccessEndedPanel, type EndedItem } from "~/features/learning/access-ended";
import { LessonEmbed } from "~/features/learning/lesson-embed";
import { getCoursePlayer, setLessonCompleted } from "~/features/learning/player.server";
import { lessonProgressForm, playerQuery } from "~/features/learning/schema";
import { testLessonState } from "~/features/practice/results.server";
import { formatMarks } from "~/features/practice/scoring";
import { TestFactsList } from "~/features/practice/test-facts";
import { getTestFacts, isTestProduct } from "~/features/practice/tests.server";
import { HostedVideoPlayer } from "~/features/video/hosted-player";
import { hostedVideoFor } from "~/features/video/playback.server";
import { asResponse, invariantResponse } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, readForm, validate } from "~/lib/form.server";
import { paramId } from "~/lib/id";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Container } from "~/ui/container";
import { NotFoundPage } from "~/ui/not-found";
import { ProgressBar } from "~/ui/progress-bar";
import type { Route } from "./+types/course-player";

function notFound(): never {
  throw data(null, { status: 404 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.current
    ? `${loaderData.current.title} · ${loaderData.course.title}`
    : loaderData?.course.title;
  return [{ title: `${title ?? "My Courses"} | Commerce Academy` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = await requireUser(db, request, context);
  const id = paramId(params.id, "Course not found.");
  const searchParams = Object.fromEntries(new URL(request.url).searchParams);
  const query = playerQuery.safeParse(searchParams);
  if (!query.success) notFound();
  const player = await getCoursePlayer(db, user.id, id, query.data.lesson);
  if (!player) {
    // "Open" on a practice test leads here like a course's: its start page (which checks access).
    if (await isTestProduct(db, id)) throw redirect(`/my-courses/tests/start/${id}`);
    // A course whose access ended: the lock screen with the renewal offer, and no lesson.
    const ended = await getEndedAccess(db, user.id, id, ["course"]);
    if (ended) throw data({ message: accessEndedMessage(ended), ended }, { status: 403 });
    notFound();
  }
  // The lesson's doubts (issue 36): the player above has checked that this student owns the course.
  const search = doubtSearchSchema.parse(searchParams).dq ?? "";
  const [doubts, doubtsLeft] = player.current
    ? await Promise.all([lessonDoubts(db, user, id, player.current.id, search), doubtsLeftToday(db, user.id)])
    : [[], 0];
  const asked = { doubts, doubtSearch: search, doubtsLeft };
  const testId = player.current?.testProductId ?? null;
  if (testId !== null) {
    // A lesson of type test: the test, the student's open attempt and latest result, and its facts.
    const [test, facts] = await Promise.all([testLessonState(db, user.id, testId), getTestFacts(db, testId)]);
    return { ...player, ...asked, video: null, watermark: null, test: test && { ...test, facts } };
  }
  // A lesson with a ready hosted video plays it (watermarked with the student's email); else its embed.
  const video = player.current ? await hostedVideoFor(db, user, player.current.id) : null;
  return { ...player, ...asked, video, watermark: video ? user.email : null, test: null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const user = await requireUser(db, request);
  const id = paramId(params.id, "Course not found.");
  const body = await readForm(request, doubtFormLimits(request));
  if (body.intent === "ask") {
    // A doubt under the lesson (issue 36): text and an optional photo.
    const v = validate(lessonDoubtSchema, body);
    if (!v.ok) return formFailure(v);
    try {
      await askDoubt(db, user, {
        place: { productId: id, lessonId: v.data.lessonId },
        body: v.data.body,
        photo: body.photo instanceof File ? body.photo : null,
      });
    } catch (error) {
      return failureFrom(error, v.values);
    }
    return redirectWithFlash(
      `/my-courses/${id}?lesson=${v.data.lessonId}#doubt-list`,
      "Your doubt is sent. You will get an email when the teacher answers.",
    );
  }
  const form = lessonProgressForm.safeParse(body);
  invariantResponse(form.success, "Choose a lesson of this course.");
  const { intent, lessonId } = form.data;
  let result: Awaited<ReturnType<typeof setLessonCompleted>>;
  try {
    result = await setLessonCompleted(db, user.id, id, lessonId, intent === "complete");
  } catch (error) {
    throw asResponse(error); // the not-found page
  }
  // After completing a lesson the student moves on to the next one.
  const target = intent === "complete" && result.nextLessonId ? result.nextLessonId : lessonId;
  return redirect(`/my-courses/${id}?lesson=${target}`);
}

/** A lesson of type test: what the test is, the student's latest result, and the way in. */
function TestLessonCard({ test }: { test: Route.ComponentProps["loaderData"]["test"] }) {
  if (!test) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
        This practice test is not available any more.
      </div>
    );
  }
  const start = `/my-courses/tests/start/${test.productId}`;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-700">
        <ClipboardCheck className="h-5 w-5" aria-hidden /> Practice test
      </p>
      <p className="mt-1 text-lg font-semibold text-slate-900">{test.title}</p>
      {test.facts ? <TestFactsList facts={test.facts} /> : null}
      {test.last ? (
        <p className="mt-4 text-sm text-slate-700">
          Your last score:{" "}
          <strong>
            {formatMarks(test.last.scoreCenti)} / {test.last.maxMarks} ({test.last.percent}%)
          </strong>{" "}
          ·{" "}
          <Link to={`/my-courses/tests/${test.last.attemptId}`} className="font-medium text-brand-700 hover:underline">
            See the result
          </Link>
        </p>
      ) : null}
      <p className="mt-4 text-sm text-slate-600">Submitting the whole paper marks this lesson complete.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button asChild>
          <Link to={start}>
            {test.openAttemptId ? "Continue the test" : test.last ? "Take it again" : "Start the test"}
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/my-courses/tests">My tests</Link>
        </Button>
      </div>
    </div>
  );
}

export default function CoursePlayer({ loaderData, actionData }: Route.ComponentProps) {
  const { course, outline, current, previousLessonId, nextLessonId, progress, video, watermark, test } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const lessonHref = (lessonId: number) => `/my-courses/${course.id}?lesson=${lessonId}`;
  const outlineRef = useRef<HTMLOListElement>(null);
  const currentId = current?.id;

  // Keep the current lesson in view inside the (scrolling) outline, without moving the page.
  useEffect(() => {
    const list = outlineRef.current;
    const active = list?.querySelector<HTMLElement>(`[data-lesson="${currentId}"]`);
    if (list && active) list.scrollTop = Math.max(0, active.offsetTop - 48);
  }, [currentId]);

  return (
    <main id="main" className="pb-12">
      <div className="border-b border-slate-200 bg-white">
        <Container className="py-4">
          <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
            <Link to="/my-courses" className="hover:text-brand-700 hover:underline">
              My Courses
            </Link>
            <span aria-hidden> / </span>
            <span className="text-slate-900">{course.title}</span>
          </nav>
          <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{course.title}</h1>
          <p className="text-sm text-slate-600">by {course.instructor}</p>
        </Container>
      </div>

      <Container className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <section aria-label="Lesson" className="min-w-0 lg:col-start-1">
          {current ? (
            <>
              {current.testProductId !== null ? (
                <TestLessonCard test={test} />
              ) : video ? (
                <HostedVideoPlayer
                  key={video.lessonId}
                  {...video}
                  watermark={watermark ?? ""}
                  title={current.title}
                  onComplete={() => revalidator.revalidate()}
                />
              ) : (
                <LessonEmbed lessonId={current.id} url={current.videoUrl} title={current.title} />
              )}
              <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                <div>
                  <p className="text-sm font-medium text-brand-700">{current.moduleTitle}</p>
                  <h2 className="text-xl font-semibold text-slate-900">{current.title}</h2>
                </div>
                <Form method="post" className="shrink-0">
                  <input type="hidden" name="lessonId" value={current.id} />
                  {current.completed ? (
                    <Button type="submit" name="intent" value="incomplete" variant="secondary" disabled={busy}>
                      <CheckCircle2 className="h-4 w-4 text-green-600" aria-hidden />
                      Completed · mark as not done
                    </Button>
                  ) : (
                    <Button type="submit" name="intent" value="complete" disabled={busy}>
                      <CheckCircle2 className="h-4 w-4" aria-hidden />
                      Mark as complete
                    </Button>
                  )}
                </Form>
              </div>
              <div className="mt-4 flex justify-between gap-3">
                {previousLessonId ? (
                  <Button asChild variant="ghost">
                    <Link to={lessonHref(previousLessonId)} rel="prev">
                      <ChevronLeft className="h-4 w-4" aria-hidden /> Previous lesson
                    </Link>
                  </Button>
                ) : (
                  <span />
                )}
                {nextLessonId ? (
                  <Button asChild variant="ghost">
                    <Link to={lessonHref(nextLessonId)} rel="next">
                      Next lesson <ChevronRight className="h-4 w-4" aria-hidden />
                    </Link>
                  </Button>
                ) : null}
              </div>
            </>
          ) : (
            <div className="flex aspect-video w-full items-center justify-center rounded-xl bg-slate-100 p-6 text-center text-slate-600">
              The lessons of this course are being recorded. They will appear here as soon as they are published.
            </div>
          )}
        </section>

        <aside aria-label="Course content" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="rounded-xl border border-slate-200 bg-white p-4 lg:sticky lg:top-4">
            <div className="mb-1 flex justify-between text-sm">
              <span className="font-semibold text-slate-900">Your progress</span>
              <span className="text-slate-600">
                {progress.completed} of {progress.total} lessons · {progress.percent}%
              </span>
            </div>
            <ProgressBar value={progress.percent} label="Course progress" />
            <ol ref={outlineRef} className="relative mt-4 max-h-[28rem] space-y-4 overflow-y-auto pr-1 lg:max-h-[60vh]">
              {outline.map((mod, m) => (
                <li key={mod.id}>
                  <h3 className="text-sm font-semibold text-slate-900">
                    {m + 1}. {mod.title}
                  </h3>
                  <ol className="mt-1 space-y-1">
                    {mod.lessons.map((lesson) => {
                      const active = lesson.id === current?.id;
                      return (
                        <li key={lesson.id} data-lesson={lesson.id}>
                          <Link
                            to={lessonHref(lesson.id)}
                            aria-current={active ? "page" : undefined}
                            className={cn(
                              "flex items-start gap-2 rounded-lg px-2 py-1.5 text-sm",
                              active ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-50",
                            )}
                          >
                            {lesson.completed ? (
                              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-label="Completed" />
                            ) : lesson.kind === "test" ? (
                              <ClipboardCheck
                                className={cn("mt-0.5 h-4 w-4 shrink-0", active ? "" : "text-slate-400")}
                                aria-label="Practice test"
                              />
                            ) : active ? (
                              <PlayCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                            ) : (
                              <Circle className="mt-0.5 h-4 w-4 shrink-0 text-slate-300" aria-hidden />
                            )}
                            <span>{lesson.title}</span>
                          </Link>
                        </li>
                      );
                    })}
                  </ol>
                </li>
              ))}
            </ol>
          </div>
        </aside>

        <div className="min-w-0 lg:col-start-1">
          {current ? (
            <div className="mb-6">
              <LessonDoubts
                key={current.id}
                courseId={course.id}
                lessonId={current.id}
                doubts={loaderData.doubts}
                search={loaderData.doubtSearch}
                left={loaderData.doubtsLeft}
                failure={actionData ?? undefined}
              />
            </div>
          ) : null}
          {/* A new course may have no topics yet: no empty box. */}
          {course.topics.length > 0 ? (
            <section className="mb-6 rounded-xl border border-slate-200 bg-white p-5">
              <h2 className="text-lg font-semibold text-slate-900">What you'll learn</h2>
              <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                {course.topics.map((topic) => (
                  <li key={topic} className="flex gap-2 text-slate-700">
                    <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
                    {topic}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 className="text-lg font-semibold text-slate-900">About this course</h2>
            <p className="mt-2 leading-relaxed text-slate-700">{course.description}</p>
          </section>
        </div>
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403 && error.data?.ended) {
    return <AccessEndedPanel item={error.data.ended as EndedItem} />;
  }
  const message =
    isRouteErrorResponse(error) && error.status === 400
      ? "That lesson is not part of this course."
      : "We could not load this course. Please try again.";
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-slate-600">{message}</p>
      <Link to="/my-courses" className="mt-4 inline-block font-semibold text-brand-700 underline">
        Back to My Courses
      </Link>
    </main>
  );
}
