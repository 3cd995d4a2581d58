import { Link } from 'react-router-dom';
import type { PostBlock } from '../posts';

/** An article's content: its h2 and h3 headings, paragraphs, lists and links to our pages. */
export function PostBody({ blocks }: { blocks: readonly PostBlock[] }) {
  return (
    <div className="post-body">
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'h2':
            return <h2 key={index}>{block.text}</h2>;
          case 'h3':
            return <h3 key={index}>{block.text}</h3>;
          case 'p':
            return <p key={index}>{block.text}</p>;
          case 'ul':
          case 'ol': {
            const List = block.kind;
            return (
              <List key={index}>
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </List>
            );
          }
          case 'link':
            return (
              <p key={index} className="post-link">
                {block.text} <Link to={block.to}>{block.label} →</Link>
              </p>
            );
        }
      })}
    </div>
  );
}
