/**
 * The cart on the client. Guests: localStorage "cart-storage" (one store shared by
 * every component and every tab; the server render sees an empty cart, the real count
 * appears after hydration). Signed-in users: the server cart, as the store layout's
 * loader read it (in the server render too, and again after every form submission, e.g.
 * a payment), changed through POST /api/cart intent=add|remove|clear|merge; other tabs
 * are told through localStorage "cart-sync" and read it again (docs/decisions/0010-cart-sync.md).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useRevalidator } from "react-router";
import { apiFetch } from "~/lib/api-client";
import { toast } from "~/ui/toast";
import {
  addCartItem,
  CART_STORAGE_KEY,
  CART_SYNC_KEY,
  type CartItem,
  cartCount,
  type NewCartItem,
  normalizeCartItems,
  parseStoredCart,
  removeCartItem,
  serializeCart,
} from "./cart-store";

export interface CartApi {
  items: CartItem[];
  count: number;
  /** False during the server render and hydration. */
  ready: boolean;
  add(item: NewCartItem): void;
  remove(id: number): void;
  clear(): void;
  open: boolean;
  setOpen(open: boolean): void;
}

const CartContext = createContext<CartApi | null>(null);

/* ------------------------------------------------------------ local store */

const EMPTY: CartItem[] = [];
const listeners = new Set<() => void>();
let cache: { raw: string | null; items: CartItem[] } = { raw: null, items: EMPTY };

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null; // storage disabled: behave as an empty cart
  }
}

function getLocalSnapshot(): CartItem[] {
  const raw = readRaw();
  if (raw !== cache.raw) cache = { raw, items: parseStoredCart(raw) };
  return cache.items;
}

function writeLocal(items: CartItem[]) {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, serializeCart(items));
  } catch {
    // Quota or privacy mode: keep the cart for this page only.
    cache = { raw: serializeCart(items), items };
  }
  for (const l of listeners) l();
}

function subscribeLocal(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === CART_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const getServerSnapshot = () => EMPTY;
const subscribeNothing = () => () => {};

/* ------------------------------------------------------ pre-hydration queue */

declare global {
  interface Window {
    __cartQueue?: NewCartItem[];
    __cartHydrated?: boolean;
  }
}

/**
 * Runs before React loads: an "Add to Cart" click made before hydration is
 * queued here and replayed by the provider once it mounts.
 */
export const CART_QUEUE_SCRIPT = `(function(){window.__cartQueue=window.__cartQueue||[];document.addEventListener("click",function(e){if(window.__cartHydrated)return;var t=e.target;var b=t&&t.closest&&t.closest("[data-add-to-cart]");if(!b)return;try{window.__cartQueue.push(JSON.parse(b.getAttribute("data-add-to-cart")));}catch(_){}},true);})();`;

/* ----------------------------------------------------------------- provider */

const notice = {
  added: (title: string, openDrawer: () => void) =>
    toast.success(`Added to cart: ${title}`, { action: { label: "View cart", onClick: openDrawer } }),
  already: (title: string) => toast.info(`Already in your cart: ${title}`),
  failed: () => toast.error("Could not update your cart. Please try again."),
};

/** Every caller only tells the buyer when it did not work. */
async function postCart(body: Record<string, string>) {
  // Sent with the session cookie: same origin (fetch's default).
  const json = await apiFetch<{ items?: unknown; notices?: unknown }>("/api/cart", {
    method: "POST",
    body: new URLSearchParams(body),
  });
  const notices = Array.isArray(json.notices) ? json.notices.filter((n): n is string => typeof n === "string") : [];
  return { items: normalizeCartItems(json.items), notices };
}

/** `serverCart`: the signed-in user's cart from the store layout's loader; null for a guest. */
export function CartProvider({ serverCart, children }: { serverCart: CartItem[] | null; children: React.ReactNode }) {
  const signedIn = serverCart !== null;
  const [open, setOpen] = useState(false);
  const local = useSyncExternalStore(
    signedIn ? subscribeNothing : subscribeLocal,
    signedIn ? getServerSnapshot : getLocalSnapshot,
    getServerSnapshot,
  );
  const [serverItems, setServerItems] = useState(serverCart ?? EMPTY);
  const [hydrated, setHydrated] = useState(false);
  const { revalidate } = useRevalidator();
  const items = signedIn ? serverItems : local;
  const itemsRef = useRef(items);
  itemsRef.current = items;

  // Signed in: the server's cart is the truth, read again by the loader after every form
  // submission. A guest cart left in this browser is moved onto the server once (the server
  // refuses items the user already owns).
  useEffect(() => {
    if (!serverCart) return;
    setServerItems(serverCart);
    const guest = getLocalSnapshot();
    if (guest.length) {
      postCart({ intent: "merge", productIds: guest.map((i) => i.id).join(",") })
        .then((result) => {
          setServerItems(result.items);
          for (const n of result.notices) toast.info(n);
          writeLocal(EMPTY);
        })
        .catch(() => {});
    }
  }, [serverCart]);

  // Signed in: when this tab's cart changes, the others hear of it through "cart-sync" (the item
  // ids, so a tab that already shows them writes nothing back) and read the server's cart again.
  useEffect(() => {
    if (!signedIn) return;
    const ids = serverItems.map((i) => i.id).join();
    try {
      if (localStorage.getItem(CART_SYNC_KEY) !== ids) localStorage.setItem(CART_SYNC_KEY, ids);
    } catch {}
    const onStorage = (e: StorageEvent) => {
      if (e.key === CART_SYNC_KEY) revalidate();
    };
    addEventListener("storage", onStorage);
    return () => removeEventListener("storage", onStorage);
  }, [signedIn, serverItems, revalidate]);

  const openDrawer = useCallback(() => setOpen(true), []);

  const add = useCallback(
    (item: NewCartItem) => {
      if (signedIn) {
        if (itemsRef.current.some((i) => i.id === item.id)) return void notice.already(item.title);
        postCart({ intent: "add", productId: String(item.id) })
          .then(({ items: next, notices }) => {
            setServerItems(next);
            if (notices.length) for (const n of notices) toast.info(n);
            else notice.added(item.title, openDrawer);
          })
          .catch(notice.failed);
        return;
      }
      const result = addCartItem(getLocalSnapshot(), item);
      if (!result.added) return void notice.already(item.title);
      writeLocal(result.items);
      notice.added(item.title, openDrawer);
    },
    [signedIn, openDrawer],
  );

  const remove = useCallback(
    (id: number) => {
      if (signedIn) {
        setServerItems((prev) => removeCartItem(prev, id));
        postCart({ intent: "remove", productId: String(id) })
          .then(({ items: next }) => setServerItems(next))
          .catch(notice.failed);
        return;
      }
      writeLocal(removeCartItem(getLocalSnapshot(), id));
    },
    [signedIn],
  );

  const clear = useCallback(() => {
    if (signedIn) {
      setServerItems(EMPTY);
      postCart({ intent: "clear" })
        .then(({ items: next }) => setServerItems(next))
        .catch(notice.failed);
      return;
    }
    writeLocal(EMPTY);
  }, [signedIn]);

  // Hydrated: take over from the inline script and replay clicks it queued.
  useEffect(() => {
    window.__cartHydrated = true;
    setHydrated(true);
    const queued = window.__cartQueue ?? [];
    window.__cartQueue = [];
    for (const item of queued) add(item);
  }, [add]);

  const value = useMemo<CartApi>(
    () => ({ items, count: cartCount(items), ready: hydrated, add, remove, clear, open, setOpen }),
    [items, hydrated, add, remove, clear, open],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartApi {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart must be used inside <CartProvider>");
  return cart;
}
