import { Icon as ToolIcon } from "../icons.tsx";

// Toolbar icons, drawn in the site's icon frame.

export function PasteIcon() {
  return (
    <ToolIcon>
      <rect x="8" y="2" width="8" height="4" rx="1" />
      <path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2" />
      <path d="M9 12h6M9 16h4" />
    </ToolIcon>
  );
}

export function DefaultColourIcon() {
  return (
    <ToolIcon>
      <path d="M5 19 10.5 5h3L19 19M7.5 13h9" />
      <path d="M3 3l18 18" />
    </ToolIcon>
  );
}

export function BoldIcon() {
  return (
    <ToolIcon>
      <path d="M7 4h6.5a4 4 0 0 1 0 8H7zM7 12h7.5a4 4 0 0 1 0 8H7z" />
    </ToolIcon>
  );
}

export function ItalicIcon() {
  return (
    <ToolIcon>
      <path d="M19 4h-9M14 20H5M15 4 9 20" />
    </ToolIcon>
  );
}

export function UnderlineIcon() {
  return (
    <ToolIcon>
      <path d="M6 4v6a6 6 0 0 0 12 0V4M4 21h16" />
    </ToolIcon>
  );
}

export function StrikethroughIcon() {
  return (
    <ToolIcon>
      <path d="M16 4H9a3 3 0 0 0-2.8 4M14 12a4 4 0 0 1 0 8H6M4 12h16" />
    </ToolIcon>
  );
}

export function RemoveFormatIcon() {
  return (
    <ToolIcon>
      <path d="M4 7V4h16v3M9 20h6M12 4l-3.5 16" />
      <path d="m15 14 6 6M21 14l-6 6" />
    </ToolIcon>
  );
}

export function AlignLeftIcon() {
  return (
    <ToolIcon>
      <path d="M4 6h16M4 10h10M4 14h16M4 18h10" />
    </ToolIcon>
  );
}

export function AlignCenterIcon() {
  return (
    <ToolIcon>
      <path d="M4 6h16M7 10h10M4 14h16M7 18h10" />
    </ToolIcon>
  );
}

export function AlignRightIcon() {
  return (
    <ToolIcon>
      <path d="M4 6h16M10 10h10M4 14h16M10 18h10" />
    </ToolIcon>
  );
}

export function AlignJustifyIcon() {
  return (
    <ToolIcon>
      <path d="M4 6h16M4 10h16M4 14h16M4 18h16" />
    </ToolIcon>
  );
}

export function BulletsIcon() {
  return (
    <ToolIcon>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="1" fill="currentColor" />
      <circle cx="4.5" cy="12" r="1" fill="currentColor" />
      <circle cx="4.5" cy="18" r="1" fill="currentColor" />
    </ToolIcon>
  );
}

export function NumbersIcon() {
  return (
    <ToolIcon>
      <path d="M10 6h10M10 12h10M10 18h10" />
      <path d="M4 4h1.5v5M4 9h3" strokeWidth="1.5" />
      <path d="M4 14.5a1.5 1.5 0 0 1 3 0c0 1.5-3 2.5-3 4.5h3" strokeWidth="1.5" />
    </ToolIcon>
  );
}

export function QuoteIcon() {
  return (
    <ToolIcon>
      <path d="M9 7H5v5h4v1a3 3 0 0 1-3 3M19 7h-4v5h4v1a3 3 0 0 1-3 3" />
    </ToolIcon>
  );
}

export function LinkIcon() {
  return (
    <ToolIcon>
      <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1" />
      <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />
    </ToolIcon>
  );
}

export function UnlinkIcon() {
  return (
    <ToolIcon>
      <path d="M16.5 12.5 19.4 9.6a4.5 4.5 0 0 0-6.4-6.4L10 6.2M7.5 11.5 4.6 14.4a4.5 4.5 0 0 0 6.4 6.4l3-3" />
      <path d="M4 4l16 16" />
    </ToolIcon>
  );
}

export function SourceIcon() {
  return (
    <ToolIcon>
      <path d="m8 7-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />
    </ToolIcon>
  );
}
