/** Payment channels (a chunk of its own). */
export { ChannelsPage } from './components/channels-page';
