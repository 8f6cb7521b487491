import { mount } from './app/mount';

mount(document.getElementById('root')!);
