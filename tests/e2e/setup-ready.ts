// Before each e2e file: the build, the seeded template and the shared server global-setup started in
// the background (tests/helpers/e2e-ready.ts). Immediate once they are there.
import { e2eReady } from "../helpers/e2e-ready";

await e2eReady();
