/** Fetches the cart drawer's chunk once (again after a failed download). */
let drawer: Promise<typeof import("./cart-drawer-panel")> | undefined;

export function loadCartDrawer() {
  drawer ??= import("./cart-drawer-panel").catch((error) => {
    drawer = undefined;
    throw error;
  });
  return drawer;
}
