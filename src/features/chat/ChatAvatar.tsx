interface ChatAvatarProps {
  url: string | null;
  name: string;
  size?: number;
}

/** A round picture, or the name's first letter; decorative, as the name is always written next to it. */
export function ChatAvatar({ url, name, size = 40 }: ChatAvatarProps) {
  const style = { width: size, height: size };
  if (url) return <img className="chat-avatar" src={url} alt="" width={size} height={size} style={style} />;
  return (
    <span className="chat-avatar chat-avatar-initial" style={style} aria-hidden="true">
      {name.slice(0, 1).toLocaleUpperCase('pl')}
    </span>
  );
}
