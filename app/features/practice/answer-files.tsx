/**
 * Photos or a PDF of a handwritten answer: added on the taking page (several, one after another, with
 * progress), listed with their previews on the result and on the teacher's marking page.
 */
import { FileText, ImagePlus, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { type ApiError, apiFetch } from "~/lib/api-client";
import { Button } from "~/ui/button";
import type { AnswerFile } from "./answer-files.server";

const MAX_FILES = 6;

function fileUrl(attemptId: number, fileId: number) {
  return `/my-courses/tests/${attemptId}/files/${fileId}`;
}

/** The files of an answer as previews that open the file. */
export function AnswerFileList({
  attemptId,
  files,
  onRemove,
  large = false,
}: {
  attemptId: number;
  files: AnswerFile[];
  onRemove?: (file: AnswerFile) => void;
  large?: boolean;
}) {
  if (!files.length) return null;
  return (
    <ul className={large ? "mt-2 grid gap-3" : "mt-2 flex flex-wrap gap-2"}>
      {files.map((file, i) => (
        <li key={file.id} className="relative">
          <a
            href={fileUrl(attemptId, file.id)}
            target="_blank"
            rel="noopener"
            className="block overflow-hidden rounded-lg border border-slate-300 bg-slate-50"
          >
            {file.contentType === "application/pdf" ? (
              <span className="flex h-24 w-24 flex-col items-center justify-center gap-1 text-sm text-slate-700">
                <FileText className="h-6 w-6" aria-hidden /> PDF {i + 1}
              </span>
            ) : (
              <img
                src={fileUrl(attemptId, file.id)}
                alt={`Page ${i + 1} of the handwritten answer`}
                loading="lazy"
                className={large ? "max-h-[48rem] w-full object-contain" : "h-24 w-24 object-cover"}
              />
            )}
          </a>
          {onRemove ? (
            <button
              type="button"
              onClick={() => onRemove(file)}
              className="absolute -right-2 -top-2 flex h-8 w-8 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow hover:bg-red-50 hover:text-red-700"
              aria-label={`Remove page ${i + 1}`}
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The taking page's "Add photos of a handwritten answer": uploads one file after another. */
export function AnswerFileUploader({
  attemptId,
  questionId,
  initial,
  onCountChange,
}: {
  attemptId: number;
  questionId: number;
  initial: AnswerFile[];
  /** Told how many files the answer has after each upload or removal (photos alone answer a question). */
  onCountChange?: (count: number) => void;
}) {
  const [files, setFiles] = useState(initial);
  const counted = useRef(initial.length);
  useEffect(() => {
    if (files.length !== counted.current) {
      counted.current = files.length;
      onCountChange?.(files.length);
    }
  }, [files.length, onCountChange]);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const url = `/api/practice/attempts/${attemptId}/files`;

  async function upload(list: FileList | null) {
    if (!list?.length) return;
    const chosen = [...list].slice(0, Math.max(0, MAX_FILES - files.length));
    setError(list.length > chosen.length ? `An answer takes at most ${MAX_FILES} photos or PDFs.` : null);
    for (const [i, file] of chosen.entries()) {
      setStatus(`Uploading ${i + 1} of ${chosen.length}…`);
      const body = new FormData();
      body.set("questionId", String(questionId));
      body.set("file", file);
      try {
        const { file: added } = await apiFetch<{ file: AnswerFile }>(url, { method: "POST", body });
        setFiles((all) => [...all, added]);
      } catch (e) {
        setError(`${file.name}: ${(e as ApiError).message}`);
        break;
      }
    }
    setStatus(null);
  }

  async function remove(file: AnswerFile) {
    const body = new FormData();
    body.set("intent", "remove");
    body.set("fileId", String(file.id));
    try {
      await apiFetch(url, { method: "POST", body });
      setFiles((all) => all.filter((f) => f.id !== file.id));
    } catch (e) {
      setError((e as ApiError).message);
    }
  }

  return (
    <div className="mt-3">
      <label htmlFor={inputId} className="text-sm text-slate-700">
        Wrote it on paper? Add photos or a PDF of your answer (up to {MAX_FILES}; a photo up to 5 MB, a PDF up to 10
        MB). Your teacher marks them.
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <Button asChild variant="secondary" size="sm">
          <label htmlFor={inputId} className="cursor-pointer">
            <ImagePlus className="h-4 w-4" aria-hidden /> Add photos
          </label>
        </Button>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,application/pdf"
          multiple
          className="sr-only"
          disabled={status !== null || files.length >= MAX_FILES}
          onChange={(e) => {
            void upload(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
        />
        <span className="text-sm text-slate-600" aria-live="polite">
          {status ?? (files.length ? `${files.length} added` : "")}
        </span>
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <AnswerFileList attemptId={attemptId} files={files} onRemove={status === null ? remove : undefined} />
    </div>
  );
}
