import type { ShownBanner } from '@skill-cert/shared/banners';
import { useEffect, useState } from 'react';
import { useLoginBanners } from '../api/shown-banners';

const ADVANCE_MS = 5000;

function Slide({ banner }: { banner: ShownBanner }) {
  const image = <img className="login-banner-image" src={banner.image_url} alt={banner.title} />;
  if (!banner.link) return image;
  const external = /^https?:/i.test(banner.link);
  return (
    <a
      href={banner.link}
      className="login-banner-link"
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {image}
    </a>
  );
}

/**
 * The login page's banners shown now, one at a time, turning every few seconds (plain elements: the login page loads
 * no antd). Nothing at all while they load, when there are none or when the request fails.
 */
export function LoginBanners() {
  const { data } = useLoginBanners();
  const banners = data ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [count, paused]);

  if (count === 0) return null;
  const current = banners[index % count];
  return (
    <section
      className="login-banners"
      aria-label="轮播图"
      aria-roledescription="carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Slide key={current._id} banner={current} />
      {count > 1 && (
        <div className="login-banner-dots">
          {banners.map((b, i) => (
            <button
              key={b._id}
              type="button"
              className={
                i === index % count ? 'login-banner-dot login-banner-dot-active' : 'login-banner-dot'
              }
              aria-label={`第${i + 1}张`}
              aria-current={i === index % count}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
