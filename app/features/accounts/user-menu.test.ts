import { describe, expect, it } from "vitest";
import { authLinks, userMenuLinks } from "./user-menu";

describe("header account links", () => {
  it("Log In / Sign Up bring the visitor back to the page they were on", () => {
    expect(authLinks("/courses/std/11", "?x=1")).toEqual({
      login: "/login?redirectTo=%2Fcourses%2Fstd%2F11%3Fx%3D1",
      signup: "/signup?redirectTo=%2Fcourses%2Fstd%2F11%3Fx%3D1",
    });
    expect(authLinks("/", "")).toEqual({ login: "/login", signup: "/signup" });
    expect(authLinks("/login", "?redirectTo=/x")).toEqual({ login: "/login", signup: "/signup" });
  });

  it("the menu has My Courses, Orders and Account, plus Admin for admins only", () => {
    const labels = (role: string) => userMenuLinks({ name: "A", email: "a@example.com", role }).map((l) => l.label);
    expect(labels("student")).toEqual(["My Courses", "Orders", "Account"]);
    expect(labels("instructor")).toEqual(["My Courses", "Orders", "Account"]);
    expect(labels("admin")).toEqual(["My Courses", "Orders", "Account", "Admin"]);
    expect(userMenuLinks({ name: "A", email: "a", role: "admin" }).find((l) => l.label === "Orders")?.to).toBe(
      "/account/orders",
    );
  });
});
