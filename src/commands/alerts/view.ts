// Table/csv columns for alert subscriptions and destinations (spec 2.14, 2.15).
import { ASSUMED } from "../../contract/assumed.js";
import type { View } from "../../output/render.js";
import { withExtras } from "../shared/tolerant.js";

export const ALERT_VIEW: View = {
  columns: [
    { path: "id" },
    { path: ASSUMED.alertNameField },
    { path: "status" },
    { path: "trigger" },
    { path: "cadence" },
    { path: ASSUMED.alertThresholdField },
    { path: "selector" },
    { path: "destinationIds", header: "destinations" },
    { path: "createdAt", header: "created" },
    { path: "updatedAt", header: "updated" },
  ],
};

/**
 * One alert's view: the fields the view does not place are rows of their own. The name and
 * threshold keys are assumed (spec 2.17): a server that calls them `title` or `materiality`
 * showed an empty name and threshold, and those fields nowhere.
 */
export function alertView(alert: unknown): View {
  return withExtras(ALERT_VIEW, [alert], new Set());
}

export const DESTINATION_VIEW: View = {
  columns: [{ path: "id" }, { path: "kind" }, { path: "label" }, { path: "status" }],
};

/** csv columns of a pause/resume result row: the result line as fields. */
export const STATUS_RESULT_VIEW: View = {
  columns: [{ path: "id" }, { path: "previousStatus", header: "old" }, { path: "status", header: "new" }, { path: "updatedAt", header: "updated" }],
};

/** A dry run's requests. */
export const REQUEST_VIEW: View = {
  columns: [{ path: "method" }, { path: "path" }, { path: "body", format: (v) => JSON.stringify(v) }],
};
