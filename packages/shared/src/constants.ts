/** Business constants and limits of spec §9 (and the auth rules of the foundation issue). */
export const REQUEST_TIMEOUT_MS = 60_000;
export const INACTIVITY_LOGOUT_MS = 60 * 60_000;
export const TOKEN_REFRESH_CHECK_MS = 30_000;
export const TOKEN_REFRESH_BEFORE_MS = 4 * 60_000;
export const DICT_CACHE_MS = 30 * 60_000;
export const MESSAGE_PAGE_SIZE = 10;
export const CERTIFICATE_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 50] as const;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 210;
export const BADGE_MAX = 99;
export const MESSAGE_BOX_VIEW_MORE_ABOVE = 5;
export const HEARTBEAT_MS = 30_000;
/** The path of the real-time channel (spec §4), on the API's origin. */
export const REALTIME_PATH = '/ws';
/**
 * The close code of a socket whose server is shutting down (WebSocket "Service Restart"): the client connects again
 * after a short random wait, so the clients of a stopped node spread over the others instead of arriving at once.
 */
export const REALTIME_RESTART_CODE = 1012;
export const NOTICE_DELAY_MS = 5_000;
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/**
 * The largest image (template background, photo) the server decodes: 25 megapixels, at most 10000 px a side. One
 * decode holds ~4 bytes a pixel and the render thread keeps what it grew to (docs/decisions.md).
 */
export const IMAGE_MAX_PIXELS = 25_000_000;
export const IMAGE_MAX_SIDE = 10_000;
/** The limit as the user reads it: 2500 万像素, 10000 像素. */
export const IMAGE_LIMIT_TEXT = `${IMAGE_MAX_PIXELS / 10_000} 万像素以内、每边不超过 ${IMAGE_MAX_SIDE} 像素`;
export const UPLOAD_IMAGE_TYPES = ['jpg', 'jpeg', 'png'] as const;
export const UPLOAD_DEFAULT_LIMIT = 1000;
export const MENU_SEARCH_THRESHOLD = 0.4;
export const DEFAULT_THEME_COLOR = '#409EFF';
export const PRODUCT_PRIMARY_COLOR = '#504ef3';
export const THEME_PRESETS = ['#504ef3', '#09b383', '#ffba00', '#f42c4a', '#0a101b'] as const;

/** SMS verification codes. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_INTERVAL_MS = 60_000;
export const SMS_MAX_WRONG_TRIES = 5;
/** Single-use login codes for /auth-redirect. */
export const LOGIN_CODE_TTL_MS = 5 * 60_000;
/** Failed logins allowed in the window per account; then the account is locked for the window. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
/**
 * Past this many failures from one client address in the window, every login attempt from it waits first:
 * 0.5 s, doubling with each further failure, at most 8 s. The address is never locked.
 */
export const LOGIN_BACKOFF_AFTER_FAILURES_PER_IP = 10;
export const LOGIN_BACKOFF_FIRST_MS = 500;
export const LOGIN_BACKOFF_MAX_MS = 8_000;
