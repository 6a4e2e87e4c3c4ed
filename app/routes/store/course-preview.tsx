import { PlayCircle } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { previewHref } from "~/features/learning/curriculum";
import { LessonEmbed } from "~/features/learning/lesson-embed";
import { getPreviewLesson } from "~/features/learning/preview.server";
import { HostedVideoPlayer } from "~/features/video/hosted-player";
import { hostedVideoFor } from "~/features/video/playback.server";
import { paramId } from "~/lib/id";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Container } from "~/ui/container";
import { NotFoundPage } from "~/ui/not-found";
import type { Route } from "./+types/course-preview";

/** What the moving watermark says on a free preview: the page is the same for every visitor. */
const PREVIEW_WATERMARK = "Free preview";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.lesson.title} · Free preview · ${loaderData.course.title}` : "Free preview";
  return [{ title: `${title} | Commerce Academy` }, { name: "robots", content: "noindex" }];
}

/**
 * /courses/:id/preview/:lessonId (issue 36): a free preview lesson of a published course, for anyone,
 * signed in or not, with the course player's protected video (the key endpoint lets anyone have a
 * preview lesson's key; features/video watchableVideo). Any other lesson, course or id is the 404 page.
 * The page holds nothing of the visitor's (no resume point, no watermark with their email), but it
 * is not kept by the page cache or the browser (no-store): it shows whether the lesson's own video is
 * ready, and lesson_videos empties no page cache, so it is rendered on every request. (Its 404 may be
 * cached like any page's: marking a lesson Preview is a write to lessons, which empties the cache.)
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const courseId = paramId(params.id, "Course not found.");
  const lessonId = paramId(params.lessonId, "Lesson not found.");
  const preview = await getPreviewLesson(db, courseId, lessonId);
  if (!preview) throw data(null, { status: 404 });
  return data({ ...preview, video: await hostedVideoFor(db, null, lessonId) }, { headers: NO_STORE });
}

const NO_STORE = { "Cache-Control": "no-store" };

export function headers() {
  return NO_STORE;
}

export default function CoursePreview({ loaderData }: Route.ComponentProps) {
  const { course, lesson, previews, video } = loaderData;
  const courseHref = `/courses/${course.id}`;
  return (
    <main id="main" className="pb-12">
      <div className="border-b border-slate-200 bg-white">
        <Container className="py-4">
          <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
            <Link to="/courses" className="hover:text-brand-700 hover:underline">
              Courses
            </Link>
            <span aria-hidden> / </span>
            <Link to={courseHref} className="hover:text-brand-700 hover:underline">
              {course.title}
            </Link>
            <span aria-hidden> / </span>
            <span className="text-slate-900">Free preview</span>
          </nav>
          <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{lesson.title}</h1>
          <p className="text-sm text-slate-600">
            Free preview of {course.title} · by {course.instructor}
          </p>
        </Container>
      </div>

      <Container className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label="Lesson" className="min-w-0">
          {video ? (
            <HostedVideoPlayer
              key={video.lessonId}
              {...video}
              watermark={PREVIEW_WATERMARK}
              title={lesson.title}
              reportProgress={false}
            />
          ) : (
            <LessonEmbed lessonId={lesson.id} url={lesson.videoUrl} title={lesson.title} />
          )}
          <p className="mt-4 text-sm font-medium text-brand-700">{lesson.moduleTitle}</p>
        </section>

        <aside aria-label="The course" className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="text-lg font-semibold text-slate-900">Like this lesson?</h2>
          <p className="mt-1 text-sm text-slate-700">
            It is one lesson of {course.title}. See every lesson, the price and the reviews on the course page.
          </p>
          <Button asChild className="mt-4 w-full">
            <Link to={courseHref}>See the full course</Link>
          </Button>
          {previews.length > 1 ? (
            <>
              <h3 className="mt-6 text-sm font-semibold text-slate-900">Free previews of this course</h3>
              <ol className="mt-2 space-y-1">
                {previews.map((p) => {
                  const active = p.id === lesson.id;
                  return (
                    <li key={p.id}>
                      <Link
                        to={previewHref(course.id, p.id)}
                        aria-current={active ? "page" : undefined}
                        className={cn(
                          "flex items-start gap-2 rounded-lg px-2 py-1.5 text-sm",
                          active ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-50",
                        )}
                      >
                        <PlayCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                        <span>{p.title}</span>
                      </Link>
                    </li>
                  );
                })}
              </ol>
            </>
          ) : null}
        </aside>
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-slate-600">We could not load this preview. Please try again.</p>
      <Link to="/courses" className="mt-4 inline-block font-semibold text-brand-700 underline">
        Back to the courses
      </Link>
    </main>
  );
}
