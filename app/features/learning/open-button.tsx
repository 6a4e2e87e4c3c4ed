import { Link } from "react-router";
import { Button, type ButtonProps } from "~/ui/button";

/**
 * "Open" on an item the user owns, in place of "Add to Cart": a course opens in its player, a note
 * or PYQ paper downloads its PDF (a resource route: the browser fetches it, not the router), a test
 * opens its start page.
 */
export function OpenButton({
  item,
  size = "sm",
  children,
  ...props
}: { item: { id: number; kind: "course" | "note" | "pyq" | "test" } } & Omit<ButtonProps, "asChild" | "type">) {
  const course = item.kind === "course";
  if (item.kind === "test") {
    return (
      <Button asChild size={size} {...props}>
        <Link to={`/my-courses/tests/start/${item.id}`}>{children ?? "Open"}</Link>
      </Button>
    );
  }
  return (
    <Button asChild size={size} {...props}>
      <Link
        to={`/${course ? "my-courses" : "downloads"}/${item.id}`}
        reloadDocument={!course}
        download={!course || undefined}
      >
        Open
      </Link>
    </Button>
  );
}
