/**
 * The auth screens' hero image (spec 1 §2), drawn rather than downloaded: a draped saree border
 * and a necklace over the store's maroon and gold.
 */
export function AuthHero() {
  return (
    <svg viewBox="0 0 480 640" role="img" aria-label="A draped silk saree and a gold necklace" className="size-full" preserveAspectRatio="xMidYMid slice">
      <defs>
        <linearGradient id="auth-hero-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6b1420" />
          <stop offset="1" stopColor="#3d0b13" />
        </linearGradient>
        <linearGradient id="auth-hero-silk" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#a33a4c" />
          <stop offset="0.5" stopColor="#d68f9b" />
          <stop offset="1" stopColor="#8a2435" />
        </linearGradient>
        <pattern id="auth-hero-motif" width="40" height="40" patternUnits="userSpaceOnUse">
          <circle cx="20" cy="20" r="3" fill="#d4af37" opacity="0.35" />
          <path d="M20 6 L24 20 L20 34 L16 20 Z" fill="none" stroke="#d4af37" strokeWidth="1" opacity="0.25" />
        </pattern>
      </defs>
      <rect width="480" height="640" fill="url(#auth-hero-bg)" />
      <rect width="480" height="640" fill="url(#auth-hero-motif)" />
      {/* The drape */}
      <path d="M40 0 C 160 140, 60 300, 200 420 S 360 560, 330 640 L 480 640 L 480 0 Z" fill="url(#auth-hero-silk)" opacity="0.85" />
      <path d="M70 0 C 190 140, 90 300, 230 420 S 390 560, 360 640" fill="none" stroke="#d4af37" strokeWidth="10" />
      <path d="M88 0 C 208 140, 108 300, 248 420 S 408 560, 378 640" fill="none" stroke="#f0d98f" strokeWidth="3" strokeDasharray="6 8" />
      {/* The necklace */}
      <path d="M120 180 Q 240 330 360 180" fill="none" stroke="#e6c35a" strokeWidth="4" />
      {Array.from({ length: 9 }, (_, i) => {
        const t = (i + 1) / 10;
        const x = (1 - t) * (1 - t) * 120 + 2 * (1 - t) * t * 240 + t * t * 360;
        const y = (1 - t) * (1 - t) * 180 + 2 * (1 - t) * t * 330 + t * t * 180;
        return <circle key={i} cx={x} cy={y} r={i === 4 ? 14 : 8} fill="#d4af37" stroke="#fdf8ea" strokeWidth="2" />;
      })}
      <path d="M240 270 l 14 22 l -14 22 l -14 -22 Z" fill="#a33a4c" stroke="#f8ecc7" strokeWidth="2" />
      <text x="40" y="560" fill="#fdf8ea" fontFamily="Georgia, serif" fontSize="34" fontWeight="700">
        SSD Store
      </text>
      <text x="40" y="594" fill="#f0d98f" fontFamily="Georgia, serif" fontSize="16">
        Fabrics and jewellery, handpicked
      </text>
    </svg>
  );
}
