import { cloneElement, isValidElement, type Ref } from "react";
import { cn } from "./cn";

const BASE =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold transition-colors disabled:pointer-events-none disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const VARIANTS = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary: "bg-white text-brand-700 ring-1 ring-inset ring-brand-600 hover:bg-brand-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  accent: "bg-accent-500 text-slate-950 hover:bg-amber-400",
  /** On a dark (brand gradient) background. */
  onDark: "bg-white/10 text-white ring-1 ring-inset ring-white/60 hover:bg-white/20",
  danger: "bg-red-600 text-white hover:bg-red-700",
  dangerGhost: "text-red-700 hover:bg-red-50",
};
const SIZES = {
  sm: "h-9 px-3 text-sm",
  md: "h-11 px-5 text-sm",
  lg: "h-12 px-6 text-base",
  icon: "h-11 w-11 text-sm",
};

export interface ButtonVariantProps {
  variant?: keyof typeof VARIANTS | null;
  size?: keyof typeof SIZES | null;
}

/**
 * A button's classes: the base, then the variant's (primary by default), then the size's (md). A
 * lookup in two tables, written here instead of class-variance-authority's `cva`, which cost every
 * page ~300 bytes of gzip for the same two lookups (issue 34).
 */
export function buttonVariants({ variant, size }: ButtonVariantProps = {}) {
  return `${BASE} ${VARIANTS[variant ?? "primary"]} ${SIZES[size ?? "md"]}`;
}

export type ButtonProps = React.ComponentProps<"button"> & ButtonVariantProps & { asChild?: boolean };

export function Button({ className, variant, size, asChild, ...props }: ButtonProps) {
  // data-slot: a link styled as a button is a button to the floating chat, which keeps clear of it.
  const merged = { "data-slot": "button", className: cn(buttonVariants({ variant, size }), className), ...props };
  return asChild ? <Slot {...merged} /> : <button {...merged} />;
}

type AnyProps = Record<string, unknown>;
type Handler = (...args: unknown[]) => unknown;

function setRef(ref: unknown, node: unknown) {
  if (typeof ref === "function") ref(node);
  else if (ref && typeof ref === "object") (ref as { current: unknown }).current = node;
}

/**
 * `asChild`: our props on the single child element instead of a <button> (as Radix's Slot, without
 * shipping Radix on every page). The child's props win, except: classes are joined, styles merged,
 * both event handlers run (the child's first) and both refs are set.
 */
function Slot({ children, ...slotProps }: AnyProps & { children?: React.ReactNode }) {
  if (!isValidElement<AnyProps>(children)) return null;
  const childProps = children.props;
  const props: AnyProps = { ...slotProps, ...childProps };
  for (const [key, ours] of Object.entries(slotProps)) {
    const theirs = childProps[key];
    if (ours === undefined || theirs === undefined) continue;
    if (/^on[A-Z]/.test(key) && typeof ours === "function" && typeof theirs === "function") {
      props[key] = (...args: unknown[]) => {
        const result = (theirs as Handler)(...args);
        (ours as Handler)(...args);
        return result;
      };
    } else if (key === "className") props.className = cn(ours as string, theirs as string);
    else if (key === "style") props.style = { ...(ours as object), ...(theirs as object) };
    else if (key === "ref")
      props.ref = ((node: unknown) => {
        setRef(ours, node);
        setRef(theirs, node);
      }) as Ref<unknown>;
  }
  return cloneElement(children, props);
}
