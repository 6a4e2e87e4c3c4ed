import { buildIfStale } from "../../scripts/build-if-stale.js";

export default function setup() {
  buildIfStale({ quiet: true });
}
