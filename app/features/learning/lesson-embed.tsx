/**
 * What plays a video lesson without a hosted video: its YouTube or Vimeo embed, or a note while its
 * own video is being prepared (issue 32). The course player and the free preview page share them.
 */
export function LessonEmbed({ lessonId, url, title }: { lessonId: number; url: string | null; title: string }) {
  if (url === null) {
    // A lesson whose own video is still being uploaded or prepared, with no link meanwhile.
    return (
      <div className="flex aspect-video w-full items-center justify-center rounded-xl bg-slate-900 p-6 text-center shadow">
        <p className="max-w-sm text-sm text-slate-100 sm:text-base">
          This lesson's video is being prepared. Please check back soon.
        </p>
      </div>
    );
  }
  return (
    <div className="aspect-video w-full overflow-hidden rounded-xl bg-slate-900 shadow">
      <iframe
        key={lessonId}
        src={url}
        title={`Video: ${title}`}
        className="h-full w-full"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
      />
    </div>
  );
}
