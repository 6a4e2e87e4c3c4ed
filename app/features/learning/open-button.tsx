import { Link } from "react-router";
import { Button, type ButtonProps } from "~/ui/button";

/**
 * "Open" on an item the user owns, in place of "Add to Cart": a course opens in its player, a note
 * or PYQ paper downloads its PDF (a resource route: the browser fetches it, not the router), a test
 * opens its start page (through /my-courses/:id).
 */
export function OpenButton({
  item,
  size = "sm",
  ...props
}: { item: { id: number; kind: "course" | "note" | "pyq" | "test" | "bundle" } } & Omit<
  ButtonProps,
  "asChild" | "type"
>) {
  // A course or a test opens under /my-courses (a test's player route sends it to its start page).
  const file = item.kind === "note" || item.kind === "pyq";
  // A bundle's items are each on My Courses (issue 36): "Open" leads there.
  const to = item.kind === "bundle" ? "/my-courses" : `/${file ? "downloads" : "my-courses"}/${item.id}`;
  return (
    <Button asChild size={size} {...props}>
      <Link to={to} reloadDocument={file} download={file || undefined}>
        Open
      </Link>
    </Button>
  );
}
