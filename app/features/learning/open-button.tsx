import { Link } from "react-router";
import { Button, type ButtonProps } from "~/ui/button";

/**
 * "Open" on an item the user owns, in place of "Add to Cart": a course opens in its player, a note
 * or PYQ paper downloads its PDF (a resource route: the browser fetches it, not the router).
 */
export function OpenButton({
  item,
  size = "sm",
  ...props
}: { item: { id: number; kind: "course" | "note" | "pyq" } } & Omit<ButtonProps, "asChild" | "type">) {
  const course = item.kind === "course";
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
