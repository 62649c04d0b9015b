import type { Activity } from "../domain/activity.ts";

/** A line of the log (record 030); the address it came from stays in the database. */
export function presentActivity(activity: Activity) {
  return {
    id: activity.id,
    action: activity.action,
    subject: activity.subject,
    subject_id: activity.subject_id,
    title: activity.title,
    link: activity.link,
    // Nobody signed in (a stranger's failed sign-in) has no name; the operator and the site do.
    user:
      activity.user_id === null && !activity.user_name
        ? null
        : { id: activity.user_id, name: activity.user_name },
    created_at: activity.created_at,
  };
}

export function presentActivityPage(
  activity: Activity[],
  total: number,
  people: { id: number; name: string }[],
) {
  return { results: activity.map(presentActivity), total, people };
}
