interface PlayerAvatarProps {
  url: string | null | undefined;
  nickName: string;
  size?: number;
  /** Decorative when the nick is written next to it (the default); otherwise it is named. */
  decorative?: boolean;
  className?: string;
}

/** A player's avatar, or their initial on the brand colours when they have none. */
export function PlayerAvatar({ url, nickName, size = 48, decorative = true, className }: PlayerAvatarProps) {
  const classes = ['player-avatar', className].filter(Boolean).join(' ');
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (url) {
    return <img className={classes} src={url} alt={decorative ? '' : `Avatar gracza ${nickName}`} width={size} height={size} style={style} />;
  }
  return (
    <span className={`${classes} player-avatar-initial`} style={style} role={decorative ? undefined : 'img'}
      aria-hidden={decorative ? true : undefined} aria-label={decorative ? undefined : `Avatar gracza ${nickName}`}>
      {nickName.slice(0, 1).toUpperCase()}
    </span>
  );
}
