/** The track page's meeting-point section, which the driver-details message links to (docs/requirements/rider.md#tracking-a-ride). */
export const MEETING_POINT_ANCHOR = 'meeting-point';
