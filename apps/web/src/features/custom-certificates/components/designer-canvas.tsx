import { PictureOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { QrPlacement } from '@skill-cert/shared/custom-certificates';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import {
  type DesignerBlank,
  type DesignerState,
  fontSizeCqw,
  type Geometry,
  moveBlank,
  moveQr,
  pageMm,
  qrBox,
  qrOf,
  resizeBlank,
  resizeQr,
} from '../lib/designer-model';
import './designer.css';

/** What a drag or a key press acts on: a blank by its key, or the QR code. */
export const QR_KEY = 'qr';

interface Drag {
  key: string;
  mode: 'move' | 'resize';
  pointerId: number;
  startX: number;
  startY: number;
  origin: Geometry;
  originQr: QrPlacement;
  /** The page's size on screen when the drag began: pixels → page fractions. */
  pageWidth: number;
  pageHeight: number;
}

/** One keyboard step: half a percent of the page. */
const KEY_STEP = 0.005;
const arrows: Record<string, [number, number]> = {
  ArrowLeft: [-KEY_STEP, 0],
  ArrowRight: [KEY_STEP, 0],
  ArrowUp: [0, -KEY_STEP],
  ArrowDown: [0, KEY_STEP],
};

const boxStyle = (g: Geometry) => ({
  left: `${g.x * 100}%`,
  top: `${g.y * 100}%`,
  width: `${g.width * 100}%`,
  height: `${g.height * 100}%`,
});

export interface DesignerCanvasProps {
  design: DesignerState;
  /** A blank's key, QR_KEY, or null. */
  selectedKey: string | null;
  onSelect: (key: string | null) => void;
  onGeometry: (key: string, geometry: Geometry) => void;
  onQr: (qr: QrPlacement) => void;
  /** The background's own size in pixels, once the browser has loaded it. */
  onBackgroundSize?: (size: { src: string; width: number; height: number }) => void;
}

/**
 * The page at its true proportions with the background stretched over it, as the PDF draws it; each
 * blank and the QR code is a box: drag it to move, drag its corner to resize (pointer events, so mouse,
 * pen and touch alike); arrow keys move the focused box, Shift+arrows resize it.
 */
export function DesignerCanvas({
  design,
  selectedKey,
  onSelect,
  onGeometry,
  onQr,
  onBackgroundSize,
}: DesignerCanvasProps) {
  const pageRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const page = pageMm(design.page_size, design.orientation);
  const aspect = page.width / page.height;
  const qr = qrOf(design);

  const apply = (
    key: string,
    mode: Drag['mode'],
    origin: Geometry,
    originQr: QrPlacement,
    dx: number,
    dy: number,
  ) => {
    if (key === QR_KEY)
      onQr(mode === 'move' ? moveQr(originQr, dx, dy, aspect) : resizeQr(originQr, dx, dy, aspect));
    else onGeometry(key, mode === 'move' ? moveBlank(origin, dx, dy) : resizeBlank(origin, dx, dy));
  };

  const begin = (event: PointerEvent<HTMLElement>, key: string, origin: Geometry, mode: Drag['mode']) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    onSelect(key);
    const rect = pageRef.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0 || rect.height <= 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = {
      key,
      mode,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      origin,
      originQr: qr,
      pageWidth: rect.width,
      pageHeight: rect.height,
    };
  };

  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || event.pointerId !== d.pointerId) return;
    const dx = (event.clientX - d.startX) / d.pageWidth;
    const dy = (event.clientY - d.startY) / d.pageHeight;
    apply(d.key, d.mode, d.origin, d.originQr, dx, dy);
  };

  const end = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };

  const nudge = (event: KeyboardEvent<HTMLElement>, key: string, origin: Geometry) => {
    const step = arrows[event.key];
    if (!step) return;
    event.preventDefault();
    apply(key, event.shiftKey ? 'resize' : 'move', origin, qr, step[0], step[1]);
  };

  const resizeHandle = (key: string, origin: Geometry) => (
    <span
      className="cc-blank-resize"
      aria-hidden="true"
      data-testid={`resize-${key}`}
      onPointerDown={(event) => begin(event, key, origin, 'resize')}
    />
  );

  const qrGeometry = qrBox(qr, aspect);

  return (
    <div className="cc-designer-stage">
      <div
        ref={pageRef}
        className="cc-page"
        role="application"
        aria-label="证书画布"
        data-page={`${design.page_size}-${design.orientation}`}
        style={{
          aspectRatio: `${page.width} / ${page.height}`,
          width: `min(100%, calc((100vh - 230px) * ${aspect.toFixed(4)}))`,
        }}
        onPointerDown={() => onSelect(null)}
        onPointerMove={follow}
        onPointerUp={end}
        onPointerCancel={end}
      >
        {design.background ? (
          <img
            className="cc-page-background"
            src={design.background.webPath}
            alt="证书底图"
            draggable={false}
            onLoad={(event) => {
              const img = event.currentTarget;
              onBackgroundSize?.({
                src: design.background?.webPath ?? '',
                width: img.naturalWidth,
                height: img.naturalHeight,
              });
            }}
          />
        ) : (
          <div className="cc-page-empty">请上传证书底图</div>
        )}
        {design.blanks.map((blank: DesignerBlank) => {
          const geometry = { x: blank.x, y: blank.y, width: blank.width, height: blank.height };
          return (
            <button
              type="button"
              key={blank.key}
              className={`cc-blank${blank.key === selectedKey ? ' cc-blank-selected' : ''}`}
              aria-label={`字段 ${blank.cn_name}`}
              aria-pressed={blank.key === selectedKey}
              data-key={blank.key}
              style={{
                ...boxStyle(geometry),
                justifyContent: { left: 'flex-start', center: 'center', right: 'flex-end' }[blank.align],
                color: blank.color,
                fontWeight: blank.bold ? 700 : 400,
                fontSize: fontSizeCqw(blank.font_size, page.width),
              }}
              onPointerDown={(event) => begin(event, blank.key, geometry, 'move')}
              onKeyDown={(event) => nudge(event, blank.key, geometry)}
            >
              {blank.blank_type === 2 ? (
                <span className="cc-blank-image">
                  <PictureOutlined />
                  {blank.cn_name}
                </span>
              ) : (
                <span className="cc-blank-text">{blank.cn_name}</span>
              )}
              {resizeHandle(blank.key, geometry)}
            </button>
          );
        })}
        <button
          type="button"
          className={`cc-blank cc-qr${selectedKey === QR_KEY ? ' cc-blank-selected' : ''}`}
          aria-label="二维码"
          aria-pressed={selectedKey === QR_KEY}
          style={boxStyle(qrGeometry)}
          onPointerDown={(event) => begin(event, QR_KEY, qrGeometry, 'move')}
          onKeyDown={(event) => nudge(event, QR_KEY, qrGeometry)}
        >
          <span className="cc-blank-image">
            <QrcodeOutlined />
            二维码
          </span>
          {resizeHandle(QR_KEY, qrGeometry)}
        </button>
      </div>
    </div>
  );
}
