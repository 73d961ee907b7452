import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/**
 * Markdown as HTML without any HTML of its own (react-markdown renders none, rehype-sanitize
 * checks the rest). Its own chunk: the Markdown parser is a tenth of the dashboard's JavaScript
 * and only a notice's page needs it.
 */
export default function MarkdownText({ text }: { text: string }) {
  return <ReactMarkdown rehypePlugins={[rehypeSanitize]}>{text}</ReactMarkdown>;
}
